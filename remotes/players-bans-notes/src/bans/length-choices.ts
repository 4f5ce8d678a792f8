import {
  type BanType,
  describeLimitLength,
  lengthAllowed,
  lengthens,
  limitFor,
  type RestrictionLimits,
} from '@outpost/contracts';
import { i18n } from '@outpost/host';
import { BAN_LENGTH_CHOICES } from './ban-length';

export interface LengthChoice {
  label: string;
  seconds: number | null;
}

/**
 * The lengths the ban form offers (issue 25 item 4): those within the user's limit for this
 * type, and the limit itself when no preset equals it. Editing, any length not longer than the
 * ban's present one is offered too (shortening is never limited), as is the present one.
 */
export function lengthChoices(
  limits: RestrictionLimits,
  type: BanType,
  current?: { length: number | null },
): LengthChoice[] {
  const limit = limitFor(limits, type);
  const allowed = (seconds: number | null) =>
    lengthAllowed(limit, seconds) || (current !== undefined && !lengthens(current.length, seconds));
  const choices: LengthChoice[] = BAN_LENGTH_CHOICES.filter((choice) => allowed(choice.seconds));
  const extra = (seconds: number | null, label: string) => {
    if (!choices.some((choice) => choice.seconds === seconds)) choices.push({ label, seconds });
  };
  const t = i18n._.bind(i18n);
  if (limit.maxSeconds !== null)
    extra(
      limit.maxSeconds,
      t('players-bans-notes.bans.length.yourLimit', { length: describeLimitLength(limit.maxSeconds) }),
    );
  if (current?.length != null)
    extra(current.length, t('players-bans-notes.bans.length.current', { length: describeLimitLength(current.length) }));
  if (current && current.length === null) extra(null, t('players-bans-notes.bans.length.permanent'));
  // Permanent first, then shortest to longest, as BAN_LENGTH_CHOICES.
  return choices.sort((a, b) => (a.seconds ?? -1) - (b.seconds ?? -1));
}

/** What the form tells the user of their limit, or null when they have none for this type. */
export function limitHint(limits: RestrictionLimits, type: BanType): string | null {
  const limit = limitFor(limits, type);
  if (limit.maxSeconds === null) return null;
  const key = `players-bans-notes.bans.limit.${type === 'ban' ? 'bans' : 'blocks'}${limit.permanent ? 'OrPermanent' : ''}`;
  return i18n._(key, { length: describeLimitLength(limit.maxSeconds) });
}
