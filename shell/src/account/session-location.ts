const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1', 'localhost']);

// One formatter per locale: a country's name in the reader's language ("Germany", "Deutschland").
const regionNames = new Map<string, Intl.DisplayNames | null>();
function countryName(code: string, locale: string): string {
  if (!regionNames.has(locale)) {
    try {
      regionNames.set(locale, new Intl.DisplayNames([locale], { type: 'region' }));
    } catch {
      regionNames.set(locale, null);
    }
  }
  try {
    return regionNames.get(locale)?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** SPEC 2: the country's name, or '(dev)' for the loopback address; the ip is shown beside it. */
export function sessionLocation(ip: string, countryCode: string, locale = 'en'): string {
  if (LOOPBACK.has(ip)) return '(dev)';
  return countryCode ? countryName(countryCode, locale) : '';
}
