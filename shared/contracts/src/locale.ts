// The panel's languages: one list the API (the saved preference, Accept-Language on the
// server-drawn first screen) and the browser (the language menu, catalogs) agree on.
// Plain data and a small function, no zod: the browser's first load imports it.

/**
 * Locales with catalogs, English first (the SPEC's strings and every catalog's fallback). BCP 47
 * tags as written (`pt-BR`, `zh-CN`): the same string is the catalog's file name
 * (locales/pt-BR.json), its chunk's name, the cookie's value, the saved preference and <html lang>.
 */
export const LOCALES = ['en', 'de', 'pt-BR', 'ru', 'es', 'pl', 'tr', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as the language menu lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  ru: 'Русский',
  es: 'Español',
  pl: 'Polski',
  tr: 'Türkçe',
  'zh-CN': '简体中文',
};

/** The cookie a visitor's choice is kept in, so the server draws the first screen in it. */
export const LOCALE_COOKIE = 'outpost_locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
