import { serverGroupsResponseSchema } from '@outpost/contracts';
import { can, useLoad, useSessionStore, useT } from '@outpost/host';
import { Button, Icon, LoadState, Table } from '@outpost/ui';
import { useState } from 'react';
import { AdminIdentitiesEditor, CommandOverridesEditor, GroupImmunitiesEditor } from './game-admin-editors';
import { PluginToken } from './plugin-token';

/** The Game servers tab: plugin setup without curl (tokens), in-game admins, overrides, group immunities. */
export function GameServersTab() {
  const t = useT();
  const { state, reload } = useLoad('/api/servers', serverGroupsResponseSchema);
  const session = useSessionStore((s) => s.session);
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  const canRead = can(session, 'users.view-admin');
  const canEdit = can(session, 'users.edit-privileges');
  return (
    <>
      <section className="panel-section" aria-labelledby="tokens-title">
        <h2 id="tokens-title">{t('panel.dashboard.servers.tokens')}</h2>
        <p className="muted">{t('panel.dashboard.servers.tokens.description')}</p>
        <LoadState state={state} what={t('panel.dashboard.servers.what')} onRetry={reload}>
          {(groups) => (
            <Table
              caption={t('panel.dashboard.servers.caption')}
              rows={groups.flatMap((group) => group.servers.map((server) => ({ ...server, groupName: group.name })))}
              rowKey={(server) => server.id}
              empty={t('panel.dashboard.servers.empty')}
              columns={[
                {
                  key: 'name',
                  label: t('panel.dashboard.servers.column.server'),
                  render: (server) => server.name,
                  sortValue: (server) => server.name,
                },
                {
                  key: 'group',
                  label: t('panel.dashboard.servers.column.group'),
                  render: (server) => server.groupName,
                  sortValue: (server) => server.groupName,
                },
                {
                  key: 'address',
                  label: t('panel.dashboard.servers.column.address'),
                  render: (server) => `${server.host}:${server.port}`,
                },
                {
                  key: 'token',
                  label: t('panel.dashboard.servers.column.token'),
                  render: (server) => (
                    <Button size="small" onClick={() => setOpen({ id: server.id, name: server.name })}>
                      <Icon name="settings" /> {t('panel.dashboard.servers.tokenButton')}
                      <span className="visually-hidden">
                        {' '}
                        {t('panel.dashboard.servers.tokenButton.for', { name: server.name })}
                      </span>
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
        <p className="muted">{t('panel.dashboard.servers.needsViewAdmin')}</p>
      )}
    </>
  );
}
