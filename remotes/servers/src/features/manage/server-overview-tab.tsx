import type { ManagedServer } from '@outpost/contracts';
import { serverStatusKind } from '@outpost/contracts';
import { useCan } from '@outpost/host';
import { type Column, DataTable, DateTime, DescriptionList, EmptyState, LoadingState, Tag } from '@outpost/ui';
import { lazy, Suspense } from 'react';
import { ActionButtons } from '../actions/action-buttons';
import { connectCommand, playerCount, STATUS_TOOLTIPS } from '../overview/server-display';
import { StatusIcon } from '../overview/status-icon';
import { ServerPresencePanel } from '../presence/server-presence';

// The history and its chart library load after the page's own content.
const ServerHistory = lazy(() => import('../history/server-history'));

/** How long a player has been on, from the seconds the server reports: '1 h 5 min'. A length, not a date. */
function duration(seconds: number | undefined): string {
  if (seconds === undefined) return '-';
  const minutes = Math.floor(seconds / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

type Player = NonNullable<ManagedServer['status']['data']>['players'][number] & { position: number };

const PLAYER_COLUMNS: Column<Player>[] = [
  { key: 'name', label: 'Name', phone: 'primary', render: (player) => player.name || '(connecting)' },
  { key: 'score', label: 'Score', render: (player) => player.score ?? '-', sortValue: (player) => player.score },
  { key: 'time', label: 'Time', render: (player) => duration(player.duration), sortValue: (player) => player.duration },
];

/**
 * The server page's overview tab: live state, map, players and the action buttons. Staff who may
 * view players see who is connected (plugin events, Steam ids) and who left recently, each with
 * a ban action; the status query's names stand in, marked, where the server has no plugin.
 */
export function ServerOverviewTab({ server, onActionRan }: { server: ManagedServer; onActionRan: () => void }) {
  const data = server.status.data;
  // Players may share a name; their place in the server's answer keeps rows apart.
  const players = (data?.players ?? []).map((player, position) => ({ ...player, position }));
  const canViewPlayers = useCan('players.view');
  const onlineTable = (
    <DataTable
      caption="Players online"
      columns={PLAYER_COLUMNS}
      rows={players}
      rowKey={(player) => String(player.position)}
      empty={<EmptyState>Nobody is playing right now.</EmptyState>}
    />
  );
  return (
    <div className="server-overview">
      <DescriptionList
        items={[
          {
            term: 'Status',
            value: (
              <>
                <StatusIcon server={server} /> {STATUS_TOOLTIPS[serverStatusKind(server)]}
              </>
            ),
          },
          { term: 'Players', value: playerCount(server) },
          { term: 'Map', value: data?.map ?? '-' },
          { term: 'Connect', value: <code>{connectCommand(server)}</code> },
          {
            term: 'Last answer',
            value: server.status.updatedAt ? <DateTime value={server.status.updatedAt} display="both" /> : 'never',
          },
        ]}
      />
      <h3>Actions</h3>
      <ActionButtons server={server} onRan={onActionRan} />
      {canViewPlayers ? (
        <ServerPresencePanel
          serverId={server.id}
          refreshedAt={server.status.updatedAt}
          queriedList={
            <>
              <h3>
                Players online <Tag tone="info">names only</Tag>
              </h3>
              <p className="muted">
                From the server's status query (A2S): it has no plugin token, so no Steam ids and no actions.
              </p>
              {onlineTable}
            </>
          }
        />
      ) : (
        <>
          <h3>Players online</h3>
          {onlineTable}
        </>
      )}
      <Suspense fallback={<LoadingState what="the server's history" />}>
        <ServerHistory serverId={server.id} serverName={server.name} />
      </Suspense>
    </div>
  );
}
