import type { Ban } from '@outpost/contracts';
import { i18n } from '@outpost/host';
import { formatDate, StatusBadge } from '@outpost/ui';
import { banLift } from '../common/ban-words';

/** Why a ban is in its state, for the badge's tooltip. */
export function banStatusDetail(ban: Ban): string {
  if (ban.status === 'unbanned')
    return i18n._('players-bans-notes.bans.status.unbanned', {
      ...banLift(ban, i18n._('players-bans-notes.common.actor.unknown')),
      date: formatDate(ban.unbannedAt),
    });
  return ban.expiresAt
    ? i18n._('players-bans-notes.bans.status.expires', { date: formatDate(ban.expiresAt) })
    : i18n._('players-bans-notes.bans.status.neverExpires');
}

/** Active / Expired / Unbanned in the kit's one tone per state (Active is danger everywhere). */
export function BanStatus({ ban }: { ban: Ban }) {
  return (
    <span className="ban-status" title={banStatusDetail(ban)}>
      <StatusBadge status={`ban.${ban.status}`} />
    </span>
  );
}
