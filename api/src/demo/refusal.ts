// When `pnpm demo` refuses to start. The demo signs anyone in as its owner with one click,
// so it must never end up serving the public by accident: not in production mode, not on a
// public address, unless whoever starts it says they know (a flag or an environment variable).

export const PUBLIC_FLAG = '--i-know-this-is-public';
export const PUBLIC_ENV = 'OUTPOST_DEMO_PUBLIC';

/** True for loopback hosts: localhost (and *.localhost), 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  if (/^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare)) return true;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(bare);
  return octets !== null && Number(octets[1]) === 127 && octets.slice(2).every((part) => Number(part) <= 255);
}

/**
 * Why the demo must not start with this environment and these arguments, or null when it may.
 * The message names what to change and how to override.
 */
export function demoRefusal(env: Record<string, string | undefined>, argv: readonly string[]): string | null {
  // A malformed HOST is a typo, not a safety question: no override lets the demo start on it
  // (an empty name cannot be listened on, and a padded one is not the host the checks below read).
  const hostShape = hostShapeRefusal(env.HOST);
  if (hostShape) return hostShape;
  const told = argv.includes(PUBLIC_FLAG) || ['1', 'true'].includes((env[PUBLIC_ENV] ?? '').toLowerCase());
  if (told) return null;
  const override = `Pass ${PUBLIC_FLAG} (or set ${PUBLIC_ENV}=1) if you really mean to run the demo there.`;
  if ((env.NODE_ENV ?? '').trim().toLowerCase() === 'production') {
    return `Refusing to start the demo with NODE_ENV=production: anyone can sign in to the demo as its owner. ${override}`;
  }
  const publicUrl = env.PUBLIC_URL?.trim();
  if (publicUrl) {
    let host: string;
    try {
      host = new URL(publicUrl).hostname;
    } catch {
      return `Refusing to start the demo: PUBLIC_URL=${JSON.stringify(publicUrl)} is not a URL.`;
    }
    if (!isLoopbackHost(host)) {
      return `Refusing to start the demo on PUBLIC_URL=${publicUrl}: it is not a loopback address (localhost, 127.0.0.1, ::1), and anyone can sign in to the demo as its owner. ${override}`;
    }
  }
  const listenHost = env.HOST?.trim();
  if (listenHost && !isLoopbackHost(listenHost)) {
    return `Refusing to start the demo listening on HOST=${listenHost}: only loopback interfaces are allowed, since anyone can sign in to the demo as its owner. ${override}`;
  }
  return null;
}

function hostShapeRefusal(host: string | undefined): string | null {
  if (host === undefined) return null;
  const bare = host.trim();
  if (bare === '') {
    return `Refusing to start the demo: HOST is set but empty. Unset it (the demo then listens on 127.0.0.1) or name a loopback interface, e.g. HOST=127.0.0.1.`;
  }
  // Host names and addresses are printable ASCII without spaces; anything else is a typo.
  const printable = /^[\x21-\x7e]+$/.test(bare);
  if (bare !== host || !printable) {
    return `Refusing to start the demo: HOST=${JSON.stringify(host)} has spaces or control characters in it. Write the bare host name, e.g. HOST=${printable ? bare : '127.0.0.1'}.`;
  }
  return null;
}

/** The demo's own settings (DEMO_*), checked like the API's: a bad value names the variable. */
export function demoSetting(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  range: { min: number; max: number },
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < range.min || value > range.max) {
    throw new RangeError(
      `Invalid environment variable ${name}=${JSON.stringify(raw)}: must be a whole number from ${range.min} to ${range.max}`,
    );
  }
  return value;
}
