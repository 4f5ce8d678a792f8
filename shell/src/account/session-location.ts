const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1', 'localhost']);

let regionNames: Intl.DisplayNames | null | undefined;
function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** SPEC 2: the country's name, or '(dev)' for the loopback address; the ip is shown beside it. */
export function sessionLocation(ip: string, countryCode: string): string {
  if (LOOPBACK.has(ip)) return '(dev)';
  return countryCode ? countryName(countryCode) : '';
}
