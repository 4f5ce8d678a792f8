import type { Ban } from '@outpost/contracts';
import { formatDate, StatusBadge } from '@outpost/ui';
import { actorText } from '../common/actor-text';

/** Why a ban is in its state, for the badge's tooltip. */
export function banStatusDetail(ban: Ban): string {
  if (ban.status === 'unbanned')
    return `Unbanned by ${actorText(ban.unbannedByName, ban.unbannedByRealName, 'unknown')} on ${formatDate(ban.unbannedAt)}: ${ban.unbanReason ?? ''}`;
  return ban.expiresAt ? `Expires ${formatDate(ban.expiresAt)}` : 'Never expires';
}

/** Active / Expired / Unbanned in the kit's one tone per state (Active is danger everywhere). */
export function BanStatus({ ban }: { ban: Ban }) {
  return (
    <span className="ban-status" title={banStatusDetail(ban)}>
      <StatusBadge status={`ban.${ban.status}`} />
    </span>
  );
}
