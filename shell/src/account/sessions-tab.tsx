import { type LoginSession, sessionsResponseSchema } from '@outpost/contracts';
import { i18n, SLOT, useHost, useLocale, withNode } from '@outpost/host';
import { Button, DateTime, RelativeTime, Table, Tag } from '@outpost/ui';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useT } from '../i18n/catalogs';
import { sessionLocation } from './session-location';

/** Issue 31: how a session proved itself: its sign-in, and its last second factor. */
function provedWith(session: LoginSession): ReactNode {
  const signIn = session.signInMethod.charAt(0).toUpperCase() + session.signInMethod.slice(1);
  if (!session.secondFactor) return signIn;
  const factor = i18n._(`shell.account.sessions.factor.${session.secondFactor.method}`);
  return withNode(
    i18n._('shell.account.sessions.provedWith', { signIn, factor, date: SLOT }),
    <DateTime value={session.secondFactor.at} display="both" />,
  );
}

/** SPEC 2 Sessions tab: every login session of this user; the others can be revoked. */
export function SessionsTab() {
  const host = useHost();
  const t = useT();
  const locale = useLocale();
  const [data, setData] = useState<{ currentSessionId: string; sessions: LoginSession[] } | null>(null);
  const [loading, setLoading] = useState(false);

  const refresh = useCallback(async () => {
    setLoading(true);
    const response = await host.apiFetch('/api/auth/sessions');
    if (response?.ok) {
      const parsed = sessionsResponseSchema.safeParse(await response.json());
      if (parsed.success) setData(parsed.data);
    }
    setLoading(false);
  }, [host]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const revoke = async (id: string) => {
    const response = await host.apiFetch(`/api/auth/sessions/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      quiet: true,
    });
    if (response?.status === 204) {
      setData((current) => current && { ...current, sessions: current.sessions.filter((s) => s.id !== id) });
      return;
    }
    const body = response ? ((await response.json().catch(() => null)) as { message?: unknown } | null) : null;
    const message =
      typeof body?.message === 'string'
        ? body.message
        : response
          ? `${response.status} ${response.statusText}`
          : t('shell.account.sessions.unreachable');
    host.notify({ level: 'error', title: t('shell.account.sessions.revoking'), message });
  };

  return (
    <div className="sessions-tab">
      <Button size="small" icon="refresh" onClick={() => void refresh()} disabled={loading}>
        {t('shell.account.sessions.refresh')}
      </Button>
      {!data ? (
        <p className="loading">{loading ? t('shell.account.sessions.loading') : t('shell.account.sessions.failed')}</p>
      ) : (
        <Table
          caption={t('shell.account.sessions.caption')}
          rows={data.sessions}
          rowKey={(session) => session.id}
          columns={[
            {
              key: 'id',
              label: t('shell.account.sessions.id'),
              phone: 'primary',
              render: (session) => <code title={session.id}>{session.id.slice(0, 4)}</code>,
            },
            {
              key: 'location',
              label: t('shell.account.sessions.location'),
              render: (session) => (
                <>
                  {sessionLocation(session.ip, session.countryCode, locale)} <span className="muted">{session.ip}</span>
                </>
              ),
            },
            {
              key: 'created',
              label: t('shell.account.sessions.created'),
              render: (session) => <DateTime value={session.loginTime} display="both" />,
            },
            {
              key: 'active',
              label: t('shell.account.sessions.lastActive'),
              // Relative only (its date in the tooltip): the modal is 40% wide.
              render: (session) => <RelativeTime value={session.lastActive} />,
            },
            { key: 'proved', label: t('shell.account.sessions.provedWithLabel'), render: provedWith },
            {
              key: 'action',
              label: t('shell.account.sessions.action'),
              className: 'sessions-action',
              render: (session) =>
                session.id === data.currentSessionId ? (
                  <Tag tone="success">{t('shell.account.sessions.current')}</Tag>
                ) : (
                  <Button variant="danger" size="small" onClick={() => void revoke(session.id)}>
                    {t('shell.account.sessions.revoke')}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
