import type { ServerGroup } from '@outpost/contracts';
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

/** A compact table of servers with their status and action buttons. */
export function ServersTable({ groups, showGroup = false, onActionRan }: Props) {
  const rows = groups.flatMap((group) => group.servers.map((server) => ({ group, server })));
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            {showGroup && <th>Group</th>}
            <th>Server</th>
            <th>Players</th>
            <th>Map</th>
            <th>Address</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={showGroup ? 6 : 5} className="muted">
                No servers.
              </td>
            </tr>
          )}
          {rows.map(({ group, server }) => (
            <tr key={server.id}>
              {showGroup && (
                <td>
                  <Link to={`/admin/servers/${encodeURIComponent(group.id)}`}>{group.name}</Link>
                </td>
              )}
              <td>
                <StatusIcon server={server} />{' '}
                <Link to={`/admin/servers/${encodeURIComponent(group.id)}/${encodeURIComponent(server.id)}`}>
                  {server.name}
                </Link>
                {shownTags(server.tags).map((tag) => (
                  <span key={tag} className="tag server-tag">
                    {tag}
                  </span>
                ))}
              </td>
              <td>{playerCount(server)}</td>
              <td>{server.status.data?.map ?? '-'}</td>
              <td>
                <code>{address(server)}</code>
              </td>
              <td>
                <ActionButtons server={server} onRan={onActionRan} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
