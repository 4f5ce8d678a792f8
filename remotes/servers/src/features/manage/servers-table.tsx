import type { Server, ServerGroup } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { type Column, DataTable, EmptyState, Tag } from '@outpost/ui/core';
import { Link } from 'react-router';
import { ActionButtons } from '../actions/action-buttons';
import { address, playerCount, shownTags } from '../overview/server-display';
import { StatusIcon } from '../overview/status-icon';

interface Props {
  groups: ServerGroup[];
  /** Show a Group column (the legacy view lists every group in one table). */
  showGroup?: boolean;
  onActionRan?: () => void;
}

interface Row {
  group: ServerGroup;
  server: Server;
}

const groupPath = (group: ServerGroup) => `/admin/servers/${encodeURIComponent(group.id)}`;

/** A compact table of servers with their status and action buttons (cards on a phone, name and actions first). */
export function ServersTable({ groups, showGroup = false, onActionRan }: Props) {
  const t = useT();
  const rows = groups.flatMap((group) => group.servers.map((server) => ({ group, server })));
  const columns: Column<Row>[] = [
    ...(showGroup
      ? [
          {
            key: 'group',
            label: t('servers.common.group'),
            render: ({ group }: Row) => <Link to={groupPath(group)}>{group.name}</Link>,
            sortValue: ({ group }: Row) => group.name,
          },
        ]
      : []),
    {
      key: 'server',
      label: t('servers.common.server'),
      phone: 'primary',
      sortValue: ({ server }) => server.name,
      render: ({ group, server }) => (
        <>
          <StatusIcon server={server} />{' '}
          <Link to={`${groupPath(group)}/${encodeURIComponent(server.id)}`}>{server.name}</Link>
          {shownTags(server.tags).map((tag) => (
            <Tag key={tag} tone="neutral">
              {t(tag)}
            </Tag>
          ))}
        </>
      ),
    },
    { key: 'players', label: t('servers.common.players'), render: ({ server }) => playerCount(server) },
    { key: 'map', label: t('servers.common.map'), render: ({ server }) => server.status.data?.map ?? '-' },
    { key: 'address', label: t('servers.common.address'), render: ({ server }) => <code>{address(server)}</code> },
    {
      key: 'actions',
      label: t('servers.common.actions'),
      phone: 'primary',
      render: ({ server }) => <ActionButtons server={server} onRan={onActionRan} />,
    },
  ];
  return (
    <DataTable
      caption={t('servers.common.servers')}
      columns={columns}
      rows={rows}
      rowKey={({ server }) => server.id}
      empty={<EmptyState>{t('servers.table.empty')}</EmptyState>}
    />
  );
}
