import { isIP } from 'node:net';

// The one check every webhook URL goes through (create, update, and again before each send),
// and the one place that knows how to show it without its secret token.

/** Discord's own hosts that serve webhooks (the app's stable, canary and PTB builds). */
export const DISCORD_WEBHOOK_HOSTS = [
  'discord.com',
  'canary.discord.com',
  'ptb.discord.com',
  'discordapp.com',
  'canary.discordapp.com',
  'ptb.discordapp.com',
] as const;

/** /api[/v<n>]/webhooks/<snowflake id>/<token>, nothing after it. */
const DISCORD_PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{15,21})\/([A-Za-z0-9_-]{20,200})$/;

export type CheckedWebhookUrl = { ok: true; url: string; discord: boolean } | { ok: false; message: string };

const refuse = (message: string): CheckedWebhookUrl => ({ ok: false, message });
const NOT_DISCORD =
  'Must be a Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>, copied from the channel settings)';

/** Host names that lead into the machine or its network, never to an outside party. */
function isLocalName(hostname: string): boolean {
  return (
    !hostname.includes('.') ||
    hostname === 'localhost' ||
    /\.(localhost|local|internal|lan|home|arpa)$/.test(hostname) ||
    hostname.endsWith('.')
  );
}

/**
 * A webhook URL as stored and sent, or why not. The URL must be exactly as the WHATWG parser
 * writes it back (so no alternative spelling can mean another host or path: backslashes, dot
 * segments, percent-encoded separators, mixed case, userinfo, default ports), https only, no
 * query or fragment. Discord's hosts need Discord's webhook path; any other https host only
 * when the site allows it, and never an IP literal, a port or a local name.
 */
export function checkWebhookUrl(input: string, allowAnyHttps: boolean): CheckedWebhookUrl {
  if (input.length > 500) return refuse('The URL is longer than 500 characters');
  // Control characters and spaces would be dropped or encoded by the parser: refused, not fixed.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what this refuses
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(input))
    return refuse('The URL has spaces, control characters or backslashes');
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refuse('This is not a URL');
  }
  if (url.protocol !== 'https:') return refuse('The URL must start with https://');
  if (url.username || url.password || input.slice(8).split('/')[0]?.includes('@')) {
    return refuse('The URL must not hold a user name or password');
  }
  if (url.port) return refuse('The URL must not name a port');
  if (url.search || url.hash || input.includes('?') || input.includes('#')) {
    return refuse('The URL must not have a query (?…) or fragment (#…)');
  }
  if (url.href !== input) return refuse('The URL is not written in its plain form (check its case, dots and escapes)');
  const hostname = url.hostname;
  const host = hostname.replace(/^\[|\]$/g, '');
  if ((DISCORD_WEBHOOK_HOSTS as readonly string[]).includes(hostname)) {
    return DISCORD_PATH.test(url.pathname) ? { ok: true, url: url.href, discord: true } : refuse(NOT_DISCORD);
  }
  if (!allowAnyHttps) return refuse(NOT_DISCORD);
  if (isIP(host) !== 0) return refuse('The URL must name a host, not an IP address');
  if (isLocalName(hostname)) return refuse('The URL must name a public host');
  return { ok: true, url: url.href, discord: false };
}

/** What the panel shows of a stored URL: the host and, for Discord, the webhook id; never the token. */
export function maskWebhookUrl(stored: string): string {
  try {
    const url = new URL(stored);
    const match = DISCORD_PATH.exec(url.pathname);
    return match ? `${url.host}/api/webhooks/${match[1]}/…` : `${url.host}/…`;
  } catch {
    return '…';
  }
}

/**
 * Where a stored URL is sent: Discord's webhooks go to DISCORD_WEBHOOK_URL (Discord itself
 * unless set otherwise) with ?wait=true, so Discord confirms the message was posted; any
 * other allowed https URL as stored.
 */
export function webhookTarget(stored: string, discordBase: string): string {
  const url = new URL(stored);
  if (!(DISCORD_WEBHOOK_HOSTS as readonly string[]).includes(url.hostname)) return url.href;
  const match = DISCORD_PATH.exec(url.pathname);
  if (!match) return url.href;
  return `${discordBase.replace(/\/+$/, '')}/api/webhooks/${match[1]}/${match[2]}?wait=true`;
}
