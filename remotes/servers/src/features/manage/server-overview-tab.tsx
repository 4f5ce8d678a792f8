import type { ManagedServer } from '@outpost/contracts';
import { serverStatusKind } from '@outpost/contracts';
import { useCan, useT } from '@outpost/host';
import { type Column, DataTable, DateTime, DescriptionList, EmptyState, LoadingState, Tag } from '@outpost/ui';
import { lazy, Suspense } from 'react';
import { ActionButtons } from '../actions/action-buttons';
import { connectCommand, playerCount, statusTooltip } from '../overview/server-display';
import { StatusIcon } from '../overview/status-icon';
import { ServerPresencePanel } from '../presence/server-presence';

// The history and its chart library load after the page's own content.
const ServerHistory = lazy(() => import('../history/server-history'));

type T = ReturnType<typeof useT>;

/** How long a player has been on, from the seconds the server reports: '1 h 5 min'. A length, not a date. */
function duration(t: T, seconds: number | undefined): string {
  if (seconds === undefined) return '-';
  const minutes = Math.floor(seconds / 60);
  return minutes >= 60
    ? t('servers.serverTab.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
    : t('servers.serverTab.minutes', { minutes });
}

type Player = NonNullable<ManagedServer['status']['data']>['players'][number] & { position: number };

const playerColumns = (t: T): Column<Player>[] => [
  {
    key: 'name',
    label: t('servers.common.name'),
    phone: 'primary',
    render: (player) => player.name || t('servers.serverTab.connecting'),
  },
  {
    key: 'score',
    label: t('servers.serverTab.score'),
    render: (player) => player.score ?? '-',
    sortValue: (player) => player.score,
  },
  {
    key: 'time',
    label: t('servers.serverTab.time'),
    render: (player) => duration(t, player.duration),
    sortValue: (player) => player.duration,
  },
];

/**
 * The server page's overview tab: live state, map, players and the action buttons. Staff who may
 * view players see who is connected (plugin events, Steam ids) and who left recently, each with
 * a ban action; the status query's names stand in, marked, where the server has no plugin.
 */
export function ServerOverviewTab({ server, onActionRan }: { server: ManagedServer; onActionRan: () => void }) {
  const t = useT();
  const data = server.status.data;
  // Players may share a name; their place in the server's answer keeps rows apart.
  const players = (data?.players ?? []).map((player, position) => ({ ...player, position }));
  const canViewPlayers = useCan('players.view');
  const onlineTable = (
    <DataTable
      caption={t('servers.common.playersOnline')}
      columns={playerColumns(t)}
      rows={players}
      rowKey={(player) => String(player.position)}
      empty={<EmptyState>{t('servers.serverTab.nobody')}</EmptyState>}
    />
  );
  return (
    <div className="server-overview">
      <DescriptionList
        items={[
          {
            term: t('servers.common.status'),
            value: (
              <>
                <StatusIcon server={server} /> {t(statusTooltip(serverStatusKind(server)))}
              </>
            ),
          },
          { term: t('servers.common.players'), value: playerCount(server) },
          { term: t('servers.common.map'), value: data?.map ?? '-' },
          { term: t('servers.serverTab.connect'), value: <code>{connectCommand(server)}</code> },
          {
            term: t('servers.serverTab.lastAnswer'),
            value: server.status.updatedAt ? (
              <DateTime value={server.status.updatedAt} display="both" />
            ) : (
              t('servers.serverTab.never')
            ),
          },
        ]}
      />
      <h3>{t('servers.common.actions')}</h3>
      <ActionButtons server={server} onRan={onActionRan} />
      {canViewPlayers ? (
        <ServerPresencePanel
          serverId={server.id}
          refreshedAt={server.status.updatedAt}
          queriedList={
            <>
              <h3>
                {t('servers.common.playersOnline')} <Tag tone="info">{t('servers.serverTab.namesOnly')}</Tag>
              </h3>
              <p className="muted">{t('servers.serverTab.queried')}</p>
              {onlineTable}
            </>
          }
        />
      ) : (
        <>
          <h3>{t('servers.common.playersOnline')}</h3>
          {onlineTable}
        </>
      )}
      <Suspense fallback={<LoadingState what={t('servers.common.whatHistory')} />}>
        <ServerHistory serverId={server.id} serverName={server.name} />
      </Suspense>
    </div>
  );
}
