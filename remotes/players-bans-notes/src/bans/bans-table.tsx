import type { Ban } from '@outpost/contracts';
import { formatDate } from '@outpost/ui';
import { formatDuration } from '../bans/ban-length';
import { ManageUserLink } from '../common/manage-user-link';
import { BanStatus } from './ban-status';

export interface BanActions {
  onEdit?(ban: Ban): void;
  onUnban?(ban: Ban): void;
}

interface Props extends BanActions {
  bans: Ban[];
  /** Public pages never show IPs, whatever the answer holds. */
  mode: 'staff' | 'public';
  selectedId?: number;
}

export function BansTable({ bans, mode, selectedId, onEdit, onUnban }: Props) {
  const staff = mode === 'staff';
  const showIp = staff && bans.some((ban) => typeof ban.ip === 'string');
  const showActions = staff && Boolean(onEdit || onUnban);
  if (bans.length === 0) return <p className="card muted">No bans found.</p>;
  return (
    <div className="table-scroll">
      <table className="table bans-table">
        <thead>
          <tr>
            <th>Player</th>
            <th>SteamID</th>
            {showIp && <th>IP</th>}
            <th>Reason</th>
            <th>Banned</th>
            <th>Length</th>
            <th>Expires</th>
            <th>Status</th>
            <th>Admin</th>
            {showActions && <th>Actions</th>}
          </tr>
        </thead>
        <tbody>
          {bans.map((ban) => (
            <tr key={ban.id} className={ban.id === selectedId ? 'is-highlighted' : undefined}>
              <td>
                {staff && ban.steamid ? (
                  <ManageUserLink id={ban.steamid} tab={`bans/${ban.id}`}>
                    {ban.playerName ?? ban.steamid}
                  </ManageUserLink>
                ) : (
                  (ban.playerName ?? <span className="muted">Unknown</span>)
                )}
                {ban.type !== 'ban' && <span className="tag is-light">{ban.type}</span>}
              </td>
              <td>
                <code>{ban.steamid ?? '-'}</code>
              </td>
              {showIp && <td>{ban.ip ?? '-'}</td>}
              <td className="wrap">{ban.reason}</td>
              <td>{formatDate(ban.createdAt)}</td>
              <td>{formatDuration(ban.length)}</td>
              <td>{ban.expiresAt === null ? 'Never' : formatDate(ban.expiresAt)}</td>
              <td>
                <BanStatus ban={ban} />
              </td>
              <td>{ban.adminName ?? 'Console'}</td>
              {showActions && (
                <td>
                  <span className="actions">
                    {onEdit && ban.status === 'active' && (
                      <button type="button" className="link-button" onClick={() => onEdit(ban)}>
                        Edit
                      </button>
                    )}
                    {onUnban && ban.status === 'active' && (
                      <button type="button" className="link-button is-danger" onClick={() => onUnban(ban)}>
                        Unban
                      </button>
                    )}
                  </span>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
