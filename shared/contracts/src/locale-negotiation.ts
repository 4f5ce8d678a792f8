// Server side: which of our locales a request's Accept-Language asks for. Apart from locale.ts
// because @outpost/contracts/browser is a shared module (not tree-shaken): the browser never
// negotiates, and these bytes would be on every first load.
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale';

/**
 * The best of our locales for an Accept-Language header (RFC 9110 12.5.4: quality values, a
 * language range matching its subtags, `*`), English when none matches. `de-AT;q=0.8` picks de.
 * Tags compare case-insensitively (RFC 5646 2.1.1).
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
    const match = matchRange(range);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** Our locales, lower-cased (header ranges are compared case-insensitively: `PT-br` is pt-BR). */
const LOWER = LOCALES.map((locale) => [locale.toLowerCase(), locale] as const);

/** Chinese in Traditional characters (by script, or a region that writes it): not zh-CN's. */
const TRADITIONAL_CHINESE = /^zh-(?:hant|tw|hk|mo)(?:-|$)/;

/**
 * One of our locales for a lower-cased language range: the same tag, else the one of its
 * language (`pt`, `pt-PT` -> pt-BR; `ru-RU` -> ru; `zh`, `zh-Hans`, `zh-SG` -> zh-CN; `es-419`
 * -> es), null for none. Traditional Chinese (`zh-TW`, `zh-Hant-HK`) asks for a script we have
 * no catalog in: the visitor's next range decides.
 */
function matchRange(range: string): Locale | null {
  const exact = LOWER.find(([lower]) => lower === range);
  if (exact) return exact[1];
  if (TRADITIONAL_CHINESE.test(range)) return null;
  const primary = range.split('-')[0];
  return LOWER.find(([lower]) => lower.split('-')[0] === primary)?.[1] ?? null;
}
