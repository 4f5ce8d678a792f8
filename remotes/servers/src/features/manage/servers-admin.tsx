import { reportedPlayerCount, type ServerGroup, serverGroupsResponseSchema } from '@outpost/contracts';
import { useCan, useHost, useLoad } from '@outpost/host';
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

const COLUMNS: Column<ServerGroup>[] = [
  {
    key: 'group',
    label: 'Group',
    phone: 'primary',
    sortValue: (group) => group.name,
    render: (group) => <Link to={`/admin/servers/${encodeURIComponent(group.id)}`}>{group.name}</Link>,
  },
  { key: 'game', label: 'Game', render: (group) => group.game, sortValue: (group) => group.game },
  { key: 'type', label: 'Type', render: (group) => group.type, sortValue: (group) => group.type },
  {
    key: 'servers',
    label: 'Servers',
    render: (group) => group.servers.length,
    sortValue: (group) => group.servers.length,
  },
  { key: 'online', label: 'Online', render: (group) => summary(group).online },
  { key: 'players', label: 'Players', render: (group) => summary(group).players },
];

/** `/admin/servers` (v2, BETA): every group with what runs in it; new groups are made here. */
export function ServersAdmin() {
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
                New group
              </Button>
            )}
            {canManage && <ButtonLink href="/admin/create-server">Add a custom server</ButtonLink>}
            <ButtonLink href="/admin/servers-legacy" variant="invisible">
              Legacy view
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
      <LoadState state={state} what="the server groups" onRetry={reload}>
        {(groups) => (
          <DataTable
            caption="Server groups"
            columns={COLUMNS}
            rows={groups}
            rowKey={(group) => group.id}
            empty={<EmptyState>No server groups yet.</EmptyState>}
          />
        )}
      </LoadState>
    </div>
  );
}
