import { reportedPlayerCount, type ServerGroup, serverGroupsResponseSchema } from '@outpost/contracts';
import { useCan, useHost, useLoad, useT } from '@outpost/host';
import { Button, ButtonLink, type Column, DataTable, EmptyState, LoadState, Toolbar } from '@outpost/ui/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { GroupForm } from './group-form';

function summary(group: ServerGroup) {
  const online = group.servers.filter((server) => server.online);
  const players = online.reduce(
    (sum, server) => sum + (server.status.data ? reportedPlayerCount(server.status.data) : 0),
    0,
  );
  return { online: online.length, players };
}

const columns = (t: ReturnType<typeof useT>): Column<ServerGroup>[] => [
  {
    key: 'group',
    label: t('servers.common.group'),
    phone: 'primary',
    sortValue: (group) => group.name,
    render: (group) => <Link to={`/admin/servers/${encodeURIComponent(group.id)}`}>{group.name}</Link>,
  },
  { key: 'game', label: t('servers.common.game'), render: (group) => group.game, sortValue: (group) => group.game },
  { key: 'type', label: t('servers.common.type'), render: (group) => group.type, sortValue: (group) => group.type },
  {
    key: 'servers',
    label: t('servers.common.servers'),
    render: (group) => group.servers.length,
    sortValue: (group) => group.servers.length,
  },
  { key: 'online', label: t('servers.common.online'), render: (group) => summary(group).online },
  { key: 'players', label: t('servers.common.players'), render: (group) => summary(group).players },
];

/** `/admin/servers` (v2, BETA): every group with what runs in it; new groups are made here. */
export function ServersAdmin() {
  const t = useT();
  const host = useHost();
  const canManage = useCan('servers.manage');
  const { state, reload } = useLoad('/api/servers', serverGroupsResponseSchema);
  const [creating, setCreating] = useState(false);

  return (
    <div className="servers-admin">
      <Toolbar
        actions={
          <>
            {canManage && (
              <Button variant="primary" icon="plus" onClick={() => setCreating(true)} disabled={creating}>
                {t('servers.admin.newGroup')}
              </Button>
            )}
            {canManage && <ButtonLink href="/admin/create-server">{t('servers.admin.addCustom')}</ButtonLink>}
            <ButtonLink href="/admin/servers-legacy" variant="invisible">
              {t('servers.admin.legacy')}
            </ButtonLink>
          </>
        }
      />
      {creating && (
        <GroupForm
          onSaved={(group) => {
            setCreating(false);
            host.navigate(`/admin/servers/${encodeURIComponent(group.id)}`);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      <LoadState state={state} what={t('servers.admin.what')} onRetry={reload}>
        {(groups) => (
          <DataTable
            caption={t('servers.admin.caption')}
            columns={columns(t)}
            rows={groups}
            rowKey={(group) => group.id}
            empty={<EmptyState>{t('servers.admin.empty')}</EmptyState>}
          />
        )}
      </LoadState>
    </div>
  );
}
