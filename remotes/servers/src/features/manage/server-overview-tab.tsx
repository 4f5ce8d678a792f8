import type { ManagedServer } from '@outpost/contracts';
import { serverStatusKind } from '@outpost/contracts';
import { ActionButtons } from '../actions/action-buttons';
import { connectCommand, playerCount, STATUS_TOOLTIPS } from '../overview/server-display';
import { StatusIcon } from '../overview/status-icon';

function duration(seconds: number | undefined): string {
  if (seconds === undefined) return '-';
  const minutes = Math.floor(seconds / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

/** The server page's overview tab: live state, map, players and the action buttons. */
export function ServerOverviewTab({ server, onActionRan }: { server: ManagedServer; onActionRan: () => void }) {
  const data = server.status.data;
  return (
    <div className="server-overview">
      <dl className="resource-figures">
        <dt>Status</dt>
        <dd>
          <StatusIcon server={server} /> {STATUS_TOOLTIPS[serverStatusKind(server)]}
        </dd>
        <dt>Players</dt>
        <dd>{playerCount(server)}</dd>
        <dt>Map</dt>
        <dd>{data?.map ?? '-'}</dd>
        <dt>Connect</dt>
        <dd>
          <code>{connectCommand(server)}</code>
        </dd>
        <dt>Last answer</dt>
        <dd>{server.status.updatedAt ? new Date(server.status.updatedAt * 1000).toLocaleString() : 'never'}</dd>
      </dl>
      <h3>Actions</h3>
      <ActionButtons server={server} onRan={onActionRan} />
      <h3>Players online</h3>
      {!data || data.players.length === 0 ? (
        <p className="muted">Nobody is playing right now.</p>
      ) : (
        <table className="table" aria-label="Players online">
          <thead>
            <tr>
              <th>Name</th>
              <th>Score</th>
              <th>Time</th>
            </tr>
          </thead>
          <tbody>
            {data.players.map((player, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: players may share a name; the order is the server's
              <tr key={index}>
                <td>{player.name || '(connecting)'}</td>
                <td>{player.score ?? '-'}</td>
                <td>{duration(player.duration)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
