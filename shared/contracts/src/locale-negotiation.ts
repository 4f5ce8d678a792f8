// Server side: which of our locales a request's Accept-Language asks for. Apart from locale.ts
// because @outpost/contracts/browser is a shared module (not tree-shaken): the browser never
// negotiates, and these bytes would be on every first load.
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale';

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
