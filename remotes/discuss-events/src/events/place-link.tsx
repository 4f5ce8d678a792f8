import type { EventPlace } from '@outpost/contracts';
import { useCan, useT } from '@outpost/host';
import { Link } from 'react-router';

/**
 * Where the event is played, linking to its live status: staff who manage servers get the
 * server's (or group's) live view, everyone else the public live overview.
 */
export function PlaceLink({ place }: { place: EventPlace | null }) {
  const canManage = useCan('servers.manage');
  const t = useT();
  if (!place) return <span className="muted">{t('discuss-events.place.none')}</span>;
  const label = place.serverName ? `${place.serverName} (${place.groupName})` : place.groupName;
  const to = !canManage
    ? '/'
    : place.serverId
      ? `/admin/servers/${encodeURIComponent(place.groupId)}/${encodeURIComponent(place.serverId)}`
      : `/admin/servers/${encodeURIComponent(place.groupId)}`;
  return (
    <Link to={to} title={t('discuss-events.place.live')}>
      {label}
    </Link>
  );
}
