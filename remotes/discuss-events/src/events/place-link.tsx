import type { EventPlace } from '@outpost/contracts';
import { useCan } from '@outpost/host';
import { Link } from 'react-router';

/**
 * Where the event is played, linking to its live status: staff who manage servers get the
 * server's (or group's) live view, everyone else the public live overview.
 */
export function PlaceLink({ place }: { place: EventPlace | null }) {
  const canManage = useCan('servers.manage');
  if (!place) return <span className="muted">No server set</span>;
  const label = place.serverName ? `${place.serverName} (${place.groupName})` : place.groupName;
  const to = !canManage
    ? '/'
    : place.serverId
      ? `/admin/servers/${encodeURIComponent(place.groupId)}/${encodeURIComponent(place.serverId)}`
      : `/admin/servers/${encodeURIComponent(place.groupId)}`;
  return (
    <Link to={to} title="Live server status">
      {label}
    </Link>
  );
}
