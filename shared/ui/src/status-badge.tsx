import { useKitWords } from './kit-words';
import type { Tone } from './tag';

/**
 * Every state a section shows, with its ONE tone and default label: an active ban is danger in
 * the ban list, the player modal and the appeal page alike. A new state is added here, never
 * coloured in a remote.
 */
export const STATUSES = {
  'ban.active': ['danger', 'Active'],
  'ban.expired': ['neutral', 'Expired'],
  'ban.unbanned': ['success', 'Unbanned'],
  'appeal.open': ['warning', 'Open'],
  'appeal.accepted': ['success', 'Accepted'],
  'appeal.denied': ['danger', 'Denied'],
  'appeal.closed': ['neutral', 'Closed'],
  'report.open': ['warning', 'Open'],
  'report.reviewed': ['success', 'Reviewed'],
  'report.resolved': ['success', 'Resolved'],
  'server.players': ['success', 'Online'],
  'server.empty': ['info', 'Empty'],
  'server.no-data': ['neutral', 'No data'],
  'server.offline': ['danger', 'Offline'],
  'player.connected': ['success', 'Connected now'],
  'player.left': ['neutral', 'Left'],
  'event.scheduled': ['info', 'Scheduled'],
  'event.cancelled': ['neutral', 'Cancelled'],
  'webhook.pending': ['warning', 'Pending'],
  'webhook.delivered': ['success', 'Delivered'],
  'webhook.failed': ['danger', 'Failed'],
  'job.queued': ['neutral', 'Queued'],
  'job.running': ['info', 'Running'],
  'job.done': ['success', 'Done'],
  'job.failed': ['danger', 'Failed'],
  'job.cancelled': ['neutral', 'Cancelled'],
  'health.ok': ['success', 'OK'],
  'health.degraded': ['warning', 'Degraded'],
  'health.down': ['danger', 'Down'],
  'feed.active': ['success', 'Active'],
  'feed.paused': ['warning', 'Paused'],
  'feed.refused': ['danger', 'Refused'],
  'feed.key-changed': ['danger', 'Key changed'],
  'feed.pending': ['warning', 'Pending'],
  'feed.applied': ['danger', 'Applied'],
  'feed.rejected': ['neutral', 'Rejected'],
  'feed.excepted': ['neutral', 'Excepted'],
  'feed.lifted': ['success', 'Lifted'],
  enabled: ['success', 'Enabled'],
  disabled: ['neutral', 'Disabled'],
} as const satisfies Record<string, readonly [Tone, string]>;

export type Status = keyof typeof STATUSES;

/** The tone of a state: for a row's accent or an icon next to a badge. */
export function statusTone(status: Status): Tone {
  return STATUSES[status][0];
}

/** A state as a badge: a dot and a label, in the state's one tone. `label` words it differently (SPEC text). */
export function StatusBadge({ status, label }: { status: Status; label?: string }) {
  const say = useKitWords();
  const [tone, text] = STATUSES[status];
  return (
    <span className={`status-badge is-${tone}`} data-status={status}>
      <span className="status-dot" aria-hidden="true" />
      {/* Another locale's word from the kit's catalog (ui.status.<status>); the English is this table's. */}
      {label ?? say(`ui.status.${status}`, text)}
    </span>
  );
}
