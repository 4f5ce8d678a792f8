import { CATALOGS, ENGLISH as en } from './locales';

// The sentences the API writes to users as notifications, in every language (issue 27). A
// notification is stored with its message's id and values, and drawn at read time in the
// reader's language (the list in the profile, the stream): a reader who switches language, or
// one of many recipients of a broadcast (one row each, one write), reads their own, and a
// recipient who never chose a language is answered in their browser's, which nothing at write
// time knows. The English text is stored as well: what a row without an id (written before,
// or a staff announcement's own words) shows, and what English readers and exports get.
//
// Messages are ICU (`{name}`, `{n, plural, …}`, `{v, select, …}`), checked with the other
// owners' catalogs (shared/build/catalogs.test.mjs). A value may be a message of its own
// ({ key, params }: "Staff", a ban's new length), drawn in the same language.

export type NotificationKey = keyof typeof en;

export type WordValue = string | number | null | NotificationWords;

/** A message id and its values: what a notification stores to be drawn in any language. */
export interface NotificationWords {
  key: NotificationKey;
  params?: Record<string, WordValue>;
}

/** The message `words` in `locale`: its translation, else English; null when no catalog knows the id. */
export function drawWords(words: NotificationWords, locale: string): string | null {
  const message = CATALOGS[locale]?.[words.key] ?? (en as Record<string, string>)[words.key];
  if (message === undefined) return null;
  return format(message, words.params ?? {}, locale);
}

/** The English text of `words` (stored with the row). */
export function englishOf(words: NotificationWords): string {
  return drawWords(words, 'en') ?? words.key;
}

/** A stored id and values as words, or null when they are not (a row written before ids, a bad value). */
export function wordsOf(key: string | null, params: string | null): NotificationWords | null {
  if (!key || !(key in en)) return null;
  try {
    const parsed: unknown = params ? JSON.parse(params) : {};
    return parsed && typeof parsed === 'object'
      ? { key: key as NotificationKey, params: parsed as NotificationWords['params'] }
      : null;
  } catch {
    return null;
  }
}

function valueText(value: WordValue | undefined, locale: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return drawWords(value, locale) ?? '';
  // Ids and names as they are: a ban number is "#1234" in every language, not "#1.234".
  return String(value);
}

/** The index of the brace closing the one at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    if (text[at] === '{') depth++;
    else if (text[at] === '}' && --depth === 0) return at;
  }
  throw new Error(`Unclosed brace in "${text}"`);
}

/** A plural's or select's branches: selector -> message. */
function branches(text: string): Map<string, string> {
  const found = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    while (at < text.length && /\s/.test(text[at] as string)) at++;
    if (at >= text.length) break;
    const open = text.indexOf('{', at);
    if (open < 0) break;
    const end = closing(text, open);
    found.set(text.slice(at, open).trim(), text.slice(open + 1, end));
    at = end + 1;
  }
  return found;
}

function argument(body: string, params: Record<string, WordValue>, locale: string): string {
  const [name = '', type, ...rest] = body.split(',');
  const value = params[name.trim()];
  if (type === undefined) return valueText(value, locale);
  const cases = branches(rest.join(','));
  if (type.trim() === 'plural') {
    const count = Number(value);
    const chosen =
      cases.get(`=${count}`) ?? cases.get(new Intl.PluralRules(locale).select(count)) ?? cases.get('other');
    return format(chosen ?? '', params, locale, count);
  }
  const selector = value === null || value === undefined ? 'none' : String(value);
  return format(cases.get(selector) ?? cases.get('other') ?? '', params, locale);
}

/** The ICU subset the catalogs use: arguments, plural (with # and =n), select, '' for an apostrophe. */
function format(message: string, params: Record<string, WordValue>, locale: string, count?: number): string {
  let out = '';
  for (let at = 0; at < message.length; ) {
    const char = message[at] as string;
    if (char === '{') {
      const end = closing(message, at);
      out += argument(message.slice(at + 1, end), params, locale);
      at = end + 1;
    } else if (char === '#' && count !== undefined) {
      out += new Intl.NumberFormat(locale).format(count);
      at++;
    } else if (char === "'" && message[at + 1] === "'") {
      out += "'";
      at += 2;
    } else {
      out += char;
      at++;
    }
  }
  return out;
}

/** A ban's length as words (in whole days, else hours, else minutes, as the log says it). */
export function lengthWords(seconds: number): NotificationWords {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes % 1440 === 0) return { key: 'notifications.length.days', params: { count: minutes / 1440 } };
  if (minutes % 60 === 0) return { key: 'notifications.length.hours', params: { count: minutes / 60 } };
  return { key: 'notifications.length.minutes', params: { count: minutes } };
}

/** Who acted, by name, or the word for staff (or someone) in the reader's language. */
export function actorWords(name: string | null | undefined, fallback: 'staff' | 'someone'): WordValue {
  return name ?? { key: `notifications.${fallback}` };
}
