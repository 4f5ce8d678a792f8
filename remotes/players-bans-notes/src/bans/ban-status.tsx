import type { Ban } from '@outpost/contracts';
import { formatDate } from '@outpost/ui';
import { actorText } from '../common/actor-text';

const LABELS = { active: 'Active', expired: 'Expired', unbanned: 'Unbanned' } as const;

/** Active / Expired / Unbanned, with who lifted it and why in the tooltip. */
export function BanStatus({ ban }: { ban: Ban }) {
  const title =
    ban.status === 'unbanned'
      ? `Unbanned by ${actorText(ban.unbannedByName, ban.unbannedByRealName, 'unknown')} on ${formatDate(ban.unbannedAt)}: ${ban.unbanReason ?? ''}`
      : ban.expiresAt
        ? `Expires ${formatDate(ban.expiresAt)}`
        : 'Never expires';
  return (
    <span className={`tag ban-status is-${ban.status}`} title={title}>
      {LABELS[ban.status]}
    </span>
  );
}
