import { serverGroupsResponseSchema } from '@outpost/contracts';
import { can, useLoad, useSessionStore } from '@outpost/host';
import { Button, Icon, LoadState, Table } from '@outpost/ui';
import { useState } from 'react';
import { AdminIdentitiesEditor, CommandOverridesEditor, GroupImmunitiesEditor } from './game-admin-editors';
import { PluginToken } from './plugin-token';

/** The Game servers tab: plugin setup without curl (tokens), in-game admins, overrides, group immunities. */
export function GameServersTab() {
  const { state, reload } = useLoad('/api/servers', serverGroupsResponseSchema);
  const session = useSessionStore((s) => s.session);
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  const canRead = can(session, 'users.view-admin');
  const canEdit = can(session, 'users.edit-privileges');
  return (
    <>
      <section className="panel-section" aria-labelledby="tokens-title">
        <h2 id="tokens-title">Plugin tokens</h2>
        <p className="muted">
          Each server's plugin signs its calls with its own token. Create one here and copy the config.
        </p>
        <LoadState state={state} what="the servers" onRetry={reload}>
          {(groups) => (
            <Table
              caption="Servers"
              rows={groups.flatMap((group) => group.servers.map((server) => ({ ...server, groupName: group.name })))}
              rowKey={(server) => server.id}
              empty="No servers yet: add them under Servers."
              columns={[
                { key: 'name', label: 'Server', render: (server) => server.name, sortValue: (server) => server.name },
                {
                  key: 'group',
                  label: 'Group',
                  render: (server) => server.groupName,
                  sortValue: (server) => server.groupName,
                },
                { key: 'address', label: 'Address', render: (server) => `${server.host}:${server.port}` },
                {
                  key: 'token',
                  label: 'Token',
                  render: (server) => (
                    <Button size="small" onClick={() => setOpen({ id: server.id, name: server.name })}>
                      <Icon name="settings" /> Token and config
                      <span className="visually-hidden"> for {server.name}</span>
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </LoadState>
        {open && <PluginToken serverId={open.id} serverName={open.name} onClose={() => setOpen(null)} />}
      </section>
      {canRead ? (
        <>
          <AdminIdentitiesEditor editable={canEdit} />
          <CommandOverridesEditor editable={canEdit} />
          <GroupImmunitiesEditor editable={canEdit} />
        </>
      ) : (
        <p className="muted">
          In-game admins, command overrides and group immunities need the permission users.view-admin.
        </p>
      )}
    </>
  );
}
