import type { ManagedServer } from '@outpost/contracts';
import { serverStatusKind } from '@outpost/contracts';
import { type Column, DataTable, DateTime, DescriptionList, EmptyState } from '@outpost/ui';
import { ActionButtons } from '../actions/action-buttons';
import { connectCommand, playerCount, STATUS_TOOLTIPS } from '../overview/server-display';
import { StatusIcon } from '../overview/status-icon';

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

/** The server page's overview tab: live state, map, players and the action buttons. */
export function ServerOverviewTab({ server, onActionRan }: { server: ManagedServer; onActionRan: () => void }) {
  const data = server.status.data;
  // Players may share a name; their place in the server's answer keeps rows apart.
  const players = (data?.players ?? []).map((player, position) => ({ ...player, position }));
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
      <h3>Players online</h3>
      <DataTable
        caption="Players online"
        columns={PLAYER_COLUMNS}
        rows={players}
        rowKey={(player) => String(player.position)}
        empty={<EmptyState>Nobody is playing right now.</EmptyState>}
      />
    </div>
  );
}
