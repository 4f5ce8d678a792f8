import { type LoginSession, sessionsResponseSchema } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { Button, DateTime, RelativeTime, Table, Tag } from '@outpost/ui';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { sessionLocation } from './session-location';

const FACTOR_NAMES = { totp: 'authenticator app', recovery: 'recovery code', passkey: 'passkey' } as const;

/** Issue 31: how a session proved itself: its sign-in, and its last second factor. */
function provedWith(session: LoginSession): ReactNode {
  const signIn = session.signInMethod.charAt(0).toUpperCase() + session.signInMethod.slice(1);
  if (!session.secondFactor) return signIn;
  return (
    <>
      {`${signIn} + ${FACTOR_NAMES[session.secondFactor.method]} (`}
      <DateTime value={session.secondFactor.at} display="both" />)
    </>
  );
}

/** SPEC 2 Sessions tab: every login session of this user; the others can be revoked. */
export function SessionsTab() {
  const host = useHost();
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
          : 'The server could not be reached';
    host.notify({ level: 'error', title: 'Revoking Session', message });
  };

  return (
    <div className="sessions-tab">
      <Button size="small" icon="refresh" onClick={() => void refresh()} disabled={loading}>
        Refresh
      </Button>
      {!data ? (
        <p className="loading">{loading ? 'Loading sessions…' : 'Sessions could not be loaded.'}</p>
      ) : (
        <Table
          caption="Login sessions"
          rows={data.sessions}
          rowKey={(session) => session.id}
          columns={[
            {
              key: 'id',
              label: 'ID',
              phone: 'primary',
              render: (session) => <code title={session.id}>{session.id.slice(0, 4)}</code>,
            },
            {
              key: 'location',
              label: 'Location',
              render: (session) => (
                <>
                  {sessionLocation(session.ip, session.countryCode)} <span className="muted">{session.ip}</span>
                </>
              ),
            },
            {
              key: 'created',
              label: 'Created',
              render: (session) => <DateTime value={session.loginTime} display="both" />,
            },
            {
              key: 'active',
              label: 'Last Active',
              // Relative only (its date in the tooltip): the modal is 40% wide.
              render: (session) => <RelativeTime value={session.lastActive} />,
            },
            { key: 'proved', label: 'Proved With', render: provedWith },
            {
              key: 'action',
              label: 'Action',
              className: 'sessions-action',
              render: (session) =>
                session.id === data.currentSessionId ? (
                  <Tag tone="success">Current Session</Tag>
                ) : (
                  <Button variant="danger" size="small" onClick={() => void revoke(session.id)}>
                    Revoke
                  </Button>
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
