import type { FastifyRequest } from 'fastify';

/**
 * The cookie the shell keeps the reader's IANA time zone in (written by the inline script of
 * shell/src/index.html, which cannot import this), so the server draws dates in it (issue 27).
 */
export const TIME_ZONE_COOKIE = 'outpost_tz';

/** What a visit without a usable zone is drawn in. */
export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * The longest zone ICU knows is 32 characters (America/Argentina/ComodRivadavia); anything much
 * longer is not a zone and is not handed to Intl at all.
 */
const MAX_LENGTH = 64;

/**
 * The shape of an IANA name (Area/Location[/Sub], or a single word as UTC, EST5EDT, Etc/GMT+5):
 * ASCII letters, digits, '_', '+' and '-' only, each part starting with a letter or digit. This
 * refuses before Intl ever sees them: '..' and '/' at the ends (paths), spaces, CR/LF, ';', ',',
 * '=', quotes and '%' (header and cookie injection), ':' (offsets like +05:00, which newer
 * engines accept and ours would not) and any non-ASCII letter (Cyrillic 'А' for 'A').
 */
const ZONE_SHAPE = /^[A-Za-z0-9][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9][A-Za-z0-9_+-]*){0,2}$/;

/**
 * Canonical zones found valid (ICU's name for each: 'US/Pacific' -> 'America/Los_Angeles'),
 * kept only when asked for by that very name. So it holds at most the few hundred zones ICU
 * knows, however many spellings ('asia/TOKYO') visitors send; those are checked by Intl anew.
 */
const known = new Set<string>([DEFAULT_TIME_ZONE]);

/**
 * `value` as a time zone the server can draw dates in: ICU's canonical name of a zone it knows,
 * else UTC (nothing, not a string, too long, a shape no zone has, or a zone Intl does not know).
 * The one check every use of a visitor's zone goes through (visitTimeZone).
 */
export function parseTimeZone(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return DEFAULT_TIME_ZONE;
  if (known.has(value)) return value;
  if (!ZONE_SHAPE.test(value)) return DEFAULT_TIME_ZONE;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
  // Defensive: what ICU answers is a name of the same shape, or it is not used.
  if (!ZONE_SHAPE.test(canonical)) return DEFAULT_TIME_ZONE;
  if (canonical === value) known.add(canonical);
  return canonical;
}

/** The reader's time zone for this visit (the shell's cookie), checked by parseTimeZone. */
export function visitTimeZone(request: Pick<FastifyRequest, 'cookies'>): string {
  return parseTimeZone(request.cookies?.[TIME_ZONE_COOKIE]);
}
