import { gameFamily, type Server, type ServerGroup } from '@outpost/contracts/browser';
import { useT } from '@outpost/host';
import { Card, type Column, DataTable, EmptyState } from '@outpost/ui/core';
import { lazy, memo, type ReactNode, Suspense, useState } from 'react';
import { ConnectCommand } from './connect-command';
import { createLobbyCommand, minecraftAddress, playerCount } from './server-display';
import { ServerName } from './server-name';
import type { Spark } from './sparklines';

// Manage mode is for staff only: its code is fetched when it is switched on, not with `/`.
const ActionButtons = lazy(() => import('../actions/action-buttons').then((m) => ({ default: m.ActionButtons })));
// The details modal (and the kit's Modal and DescriptionList it draws) is fetched when a visitor
// opens one, not with `/`.
const ServerDetails = lazy(() => import('./server-details').then((m) => ({ default: m.ServerDetails })));

/** Sparkline per server id (points in a 48 x 12 box, and the counts its words give), once loaded. */
export type Sparks = Record<string, Spark> | null;

interface Props {
  group: ServerGroup;
  sparks?: Sparks;
  /** Server names link to their manage page; for everyone else they open the public details. */
  canManage: boolean;
  /** Manage mode with an action this user may run: the Actions column. */
  manageMode: boolean;
  /** Rendered in the group's header (in manage mode: 'Create New Instance'). */
  headerActions?: ReactNode;
  onActionRan?: () => void;
}

/**
 * The group's columns (SPEC 2): what is shown depends on the game's family. On a phone each row
 * is a card led by the name and how to connect (the command and Join), so nothing that matters
 * is off-screen at 360 px.
 */
function columns(
  t: ReturnType<typeof useT>,
  group: ServerGroup,
  options: {
    canManage: boolean;
    manageMode: boolean;
    sparks?: Sparks;
    showDetails(id: string): void;
    onActionRan?: () => void;
  },
): Column<Server>[] {
  const name: Column<Server> = {
    key: 'name',
    label: t('servers-overview.col.name'),
    phone: 'primary',
    render: (server) => (
      <ServerName
        server={server}
        groupId={group.id}
        linked={options.canManage}
        onShowDetails={() => options.showDetails(server.id)}
      />
    ),
  };
  const players: Column<Server> = {
    key: 'players',
    label: t('servers-overview.col.players'),
    render: (server) => {
      const spark = options.sparks?.[server.id];
      if (!spark) return playerCount(server);
      return (
        <span className="server-players-spark">
          {playerCount(server)}
          <svg
            className="server-sparkline"
            viewBox="0 0 48 12"
            role="img"
            aria-label={t('servers-overview.spark', { most: spark.most, last: spark.last })}
          >
            <polyline points={spark.points} />
          </svg>
        </span>
      );
    },
  };
  const actions: Column<Server>[] = options.manageMode
    ? [
        {
          key: 'actions',
          label: t('servers-overview.col.actions'),
          render: (server) => (
            <Suspense fallback={<span className="muted">…</span>}>
              <ActionButtons server={server} onRan={options.onActionRan} />
            </Suspense>
          ),
        },
      ]
    : [];
  if (gameFamily(group.game) !== 'source')
    return [
      name,
      players,
      {
        key: 'ip',
        label: t('servers-overview.col.ip'),
        phone: 'primary',
        render: (server) => <code>{minecraftAddress(server)}</code>,
      },
      ...actions,
    ];
  const lobby: Column<Server>[] =
    group.game === 'l4d2'
      ? [
          {
            key: 'lobby',
            label: t('servers-overview.col.lobby'),
            render: (server) => <code>{createLobbyCommand(group.game, server)}</code>,
          },
        ]
      : [];
  return [
    name,
    players,
    { key: 'map', label: t('servers-overview.col.map'), render: (server) => server.status.data?.map ?? '-' },
    {
      key: 'connect',
      label: t('servers-overview.col.connect'),
      phone: 'primary',
      render: (server) => <ConnectCommand server={server} />,
    },
    ...lobby,
    ...actions,
  ];
}

/**
 * One table per group. Memoized: the overview re-renders on every tick of its refresh schedule,
 * a group only when its data changes.
 */
export const GroupTable = memo(function GroupTable({
  group,
  canManage,
  sparks,
  manageMode,
  headerActions,
  onActionRan,
}: Props) {
  const t = useT();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  // By id, so the open details follow the 15 s refresh.
  const details = group.servers.find((server) => server.id === detailsId);
  return (
    <Card
      className="server-group"
      title={group.name}
      description={group.description || undefined}
      actions={headerActions ?? undefined}
    >
      <DataTable
        caption={t('servers-overview.caption', { group: group.name })}
        columns={columns(t, group, { canManage, manageMode, sparks, showDetails: setDetailsId, onActionRan })}
        rows={group.servers}
        rowKey={(server) => server.id}
        empty={<EmptyState>{t('servers-overview.groupEmpty')}</EmptyState>}
      />
      {details && (
        <Suspense fallback={null}>
          <ServerDetails server={details} group={group} onClose={() => setDetailsId(null)} />
        </Suspense>
      )}
    </Card>
  );
});
