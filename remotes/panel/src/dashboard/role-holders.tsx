import { type PanelRole, type PanelUser, panelUsersResponseSchema } from '@outpost/contracts';
import { useHost, useLoad } from '@outpost/host';
import { Button, Callout, EmptyState, Field, Input, LoadState, Modal } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';

/** Who holds a role: take it away, or find users and give it to them. */
export function RoleHolders({ target: role, onClose }: { target: PanelRole; onClose(): void }) {
  const host = useHost();
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
      message: method === 'POST' ? `${user.name} now holds ${role.name}` : `${user.name} no longer holds ${role.name}`,
    });
    holders.reload();
  };

  return (
    <Modal title={`Holders of ${role.name}`} onClose={onClose} width="min(40rem, 100%)">
      {error && (
        <Callout tone="danger" role="alert">
          {error}
        </Callout>
      )}
      <LoadState state={holders.state} what="the holders" onRetry={holders.reload}>
        {({ users }) =>
          users.length === 0 ? (
            <EmptyState>Nobody holds this role yet.</EmptyState>
          ) : (
            <ul className="user-list" aria-label={`Users holding ${role.name}`}>
              {users.map((user) => (
                <li key={user.id}>
                  <span>
                    {user.name} <span className="muted">{user.steamid ?? user.id}</span>
                  </span>
                  <Button size="small" onClick={() => void act('DELETE', user)}>
                    Remove<span className="visually-hidden"> {user.name}</span>
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
        <Field label="Find a user" hint="Part of the name, or a SteamID64.">
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
                Search
              </Button>
            </div>
          )}
        </Field>
      </form>
      {submitted !== null && (
        <LoadState state={found.state} what="users" onRetry={found.reload}>
          {({ users }) => {
            const held = new Set(holders.state.status === 'ready' ? holders.state.data.users.map((u) => u.id) : []);
            const candidates = users.filter((user) => !held.has(user.id));
            return candidates.length === 0 ? (
              <EmptyState>No other user matches “{submitted}”.</EmptyState>
            ) : (
              <ul className="user-list" aria-label="Matching users">
                {candidates.map((user) => (
                  <li key={user.id}>
                    <span>
                      {user.name} <span className="muted">{user.steamid ?? user.id}</span>
                    </span>
                    <Button size="small" variant="primary" onClick={() => void act('POST', user)}>
                      Give role<span className="visually-hidden"> to {user.name}</span>
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
