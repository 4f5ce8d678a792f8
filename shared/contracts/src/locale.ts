// The panel's languages: one list the API (the saved preference, Accept-Language on the
// server-drawn first screen) and the browser (the language menu, catalogs) agree on.
// Plain data and a small function, no zod: the browser's first load imports it.

/** Locales with catalogs, English first (the SPEC's strings and every catalog's fallback). */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as the language menu lists it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

/** The cookie a visitor's choice is kept in, so the server draws the first screen in it. */
export const LOCALE_COOKIE = 'outpost_locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The best of our locales for an Accept-Language header (RFC 9110 12.5.4: quality values, a
 * language range matching its subtags, `*`), English when none matches. `de-AT;q=0.8` picks de.
 */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .slice(0, 1024)
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      // A malformed weight (q=abc) counts as 0: not accepted.
      const q = params.map((param) => /^\s*q=(.*)$/i.exec(param)?.[1]).find((value) => value !== undefined);
      const quality = q === undefined ? 1 : /^\s*[0-9.]+\s*$/.test(q) ? Number(q) : 0;
      return { range: range.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.range !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { range } of ranges) {
    if (range === '*') return DEFAULT_LOCALE;
    const primary = range.split('-')[0];
    const match = LOCALES.find((locale) => locale === range || locale === primary);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
