import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
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

/**
 * One Lingui instance per locale (the library the shell, the remotes and the kit speak through), its
 * catalog compiled once on first use: the locale's messages over English's, so a message a locale
 * lacks is drawn in English (issue 27 item 2).
 */
const speakers = new Map<string, I18n>();

function speaker(locale: string): I18n {
  const known = speakers.get(locale);
  if (known) return known;
  const messages = { ...(en as Record<string, string>), ...(CATALOGS[locale] ?? {}) };
  const compiled = Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]));
  const made = setupI18n({ locale, messages: { [locale]: compiled } });
  speakers.set(locale, made);
  return made;
}

/** The message `words` in `locale`: its translation, else English; null when no catalog knows the id. */
export function drawWords(words: NotificationWords, locale: string): string | null {
  if (!(words.key in en)) return null;
  const target = locale in CATALOGS ? locale : 'en';
  const values = Object.fromEntries(
    Object.entries(words.params ?? {}).map(([name, value]) => [
      name,
      // Counts stay numbers (plurals, `#`); the rest as text: a ban number is "#1234" in every
      // language, not "#1.234", and a value that is a message of its own is drawn in the same one.
      typeof value === 'number' ? value : valueText(value, target),
    ]),
  );
  return speaker(target)._(words.key, values);
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
