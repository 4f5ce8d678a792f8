import { DEFAULT_REPORT_REASONS } from '@outpost/contracts';
import type { useT } from '@outpost/host';

type DefaultReason = (typeof DEFAULT_REPORT_REASONS)[number];

/** The catalog key of each reason a site starts with (the API's default list). */
const REASON_KEYS: Record<DefaultReason, string> = {
  Cheating: 'players-bans-notes.reports.category.cheating',
  Griefing: 'players-bans-notes.reports.category.griefing',
  Harassment: 'players-bans-notes.reports.category.harassment',
  Exploiting: 'players-bans-notes.reports.category.exploiting',
  Other: 'players-bans-notes.reports.category.other',
};

const isDefault = (reason: string): reason is DefaultReason =>
  (DEFAULT_REPORT_REASONS as readonly string[]).includes(reason);

/**
 * A report reason as the reader reads it: the default ones in their language, one the site's
 * staff wrote themselves as written. Only the label: the value sent to and stored by the API
 * stays the reason itself.
 */
export function reasonLabel(t: ReturnType<typeof useT>, reason: string): string {
  return isDefault(reason) ? t(REASON_KEYS[reason]) : reason;
}
