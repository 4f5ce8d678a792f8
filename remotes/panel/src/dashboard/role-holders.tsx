import { type PanelRole, type PanelUser, panelUsersResponseSchema } from '@outpost/contracts';
import { useHost, useLoad, useT } from '@outpost/host';
import { Button, Callout, EmptyState, Field, Input, LoadState, Modal } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';

/** Who holds a role: take it away, or find users and give it to them. */
export function RoleHolders({ target: role, onClose }: { target: PanelRole; onClose(): void }) {
  const host = useHost();
  const t = useT();
  const holdersPath = `/api/panel/roles/${encodeURIComponent(role.id)}/holders`;
  const holders = useLoad(holdersPath, panelUsersResponseSchema);
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const found = useLoad(
    submitted === null ? null : `/api/panel/users?q=${encodeURIComponent(submitted)}`,
    panelUsersResponseSchema,
  );
  const [error, setError] = useState<string | null>(null);

  const act = async (method: 'POST' | 'DELETE', user: PanelUser) => {
    const result =
      method === 'POST'
        ? await change(host, 'POST', holdersPath, { userId: user.id }, panelUsersResponseSchema)
        : await change(
            host,
            'DELETE',
            `${holdersPath}/${encodeURIComponent(user.id)}`,
            undefined,
            panelUsersResponseSchema,
          );
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    host.notify({
      level: 'success',
      message: t(method === 'POST' ? 'panel.dashboard.holders.given' : 'panel.dashboard.holders.taken', {
        user: user.name,
        role: role.name,
      }),
    });
    holders.reload();
  };

  return (
    <Modal title={t('panel.dashboard.holders.title', { name: role.name })} onClose={onClose} width="min(40rem, 100%)">
      {error && (
        <Callout tone="danger" role="alert">
          {error}
        </Callout>
      )}
      <LoadState state={holders.state} what={t('panel.dashboard.holders.what')} onRetry={holders.reload}>
        {({ users }) =>
          users.length === 0 ? (
            <EmptyState>{t('panel.dashboard.holders.empty')}</EmptyState>
          ) : (
            <ul className="user-list" aria-label={t('panel.dashboard.holders.list', { name: role.name })}>
              {users.map((user) => (
                <li key={user.id}>
                  <span>
                    {user.name} <span className="muted">{user.steamid ?? user.id}</span>
                  </span>
                  <Button size="small" onClick={() => void act('DELETE', user)}>
                    {t('panel.dashboard.holders.remove')}
                    <span className="visually-hidden"> {user.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </LoadState>
      <form
        className="panel-form"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(query.trim());
        }}
      >
        <Field label={t('panel.dashboard.holders.find')} hint={t('panel.dashboard.holders.find.hint')}>
          {(control) => (
            <div className="inline-controls">
              <Input
                {...control}
                type="search"
                value={query}
                maxLength={100}
                onChange={(event) => setQuery(event.target.value)}
              />
              <Button type="submit" icon="search">
                {t('panel.dashboard.holders.search')}
              </Button>
            </div>
          )}
        </Field>
      </form>
      {submitted !== null && (
        <LoadState state={found.state} what={t('panel.dashboard.holders.users')} onRetry={found.reload}>
          {({ users }) => {
            const held = new Set(holders.state.status === 'ready' ? holders.state.data.users.map((u) => u.id) : []);
            const candidates = users.filter((user) => !held.has(user.id));
            return candidates.length === 0 ? (
              <EmptyState>{t('panel.dashboard.holders.noMatch', { query: submitted })}</EmptyState>
            ) : (
              <ul className="user-list" aria-label={t('panel.dashboard.holders.matching')}>
                {candidates.map((user) => (
                  <li key={user.id}>
                    <span>
                      {user.name} <span className="muted">{user.steamid ?? user.id}</span>
                    </span>
                    <Button size="small" variant="primary" onClick={() => void act('POST', user)}>
                      {t('panel.dashboard.holders.give')}
                      <span className="visually-hidden">
                        {' '}
                        {t('panel.dashboard.holders.giveTo', { name: user.name })}
                      </span>
                    </Button>
                  </li>
                ))}
              </ul>
            );
          }}
        </LoadState>
      )}
    </Modal>
  );
}
