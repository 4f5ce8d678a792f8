import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/*
 * The one outgoing-connection guard (issue 31 item 9) for every request Outpost makes to a
 * host a user chose: webhooks and the Workshop downloader. A host given by name is resolved
 * and every address it resolves to is checked at connect time (so DNS rebinding between a
 * check and the connection cannot slip past); a host given as an address is checked as is;
 * redirects are the caller's, each hop going through here again. Only hosts the operator
 * configured (trustedHosts, e.g. DISCORD_WEBHOOK_URL's) skip the check.
 */

/** A connection the guard will not make: shown to staff as is (it names no address). */
export class ConnectionRefusedError extends Error {
  override name = 'ConnectionRefusedError';
  readonly code = 'EREFUSED_PRIVATE';
}

const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (mapped, translated, compatible, 6to4), if any. */
function embeddedIpv4(address: string): string | null {
  // The URL parser writes every IPv6 spelling one way, embedded IPv4 as two hex words.
  const canonical = new URL(`http://[${address}]/`).hostname.replace(/^\[|\]$/g, '');
  const tail = /^::(?:ffff:(?:0:)?)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::|$)/.exec(canonical);
  const pair = tail ?? sixToFour;
  if (!pair) return null;
  const high = Number.parseInt(pair[1] as string, 16);
  const low = Number.parseInt(pair[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Loopback, private, link-local, carrier-grade NAT, documentation, multicast and reserved
 * addresses, in any IPv6 wrapping of an IPv4 one; anything that is not an address is private.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 0) return true;
  if (family === 4) return PRIVATE.check(bare, 'ipv4');
  const inner = embeddedIpv4(bare);
  if (inner && PRIVATE.check(inner, 'ipv4')) return true;
  return PRIVATE.check(bare, 'ipv6');
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that refuses a name when any address it resolves to is private. */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((entry) => isPrivateAddress(entry.address))) {
      return callback(new ConnectionRefusedError(`${hostname} resolves to a private address`), '');
    }
    if (options.all) return callback(null, list);
    const first = list[0] as dns.LookupAddress;
    callback(null, first.address, first.family);
  });
}

export interface GuardedRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Hosts (host or host:port) the operator configured: not checked. */
  trustedHosts?: string[];
}

function isTrusted(url: URL, trustedHosts: string[]): boolean {
  const host = url.host.toLowerCase();
  return trustedHosts.some((entry) => {
    const allowed = entry.toLowerCase();
    return allowed === host || (allowed === url.hostname.toLowerCase() && url.port === '');
  });
}

/**
 * One http(s) request through the guard; the response is not followed when it redirects.
 * Rejects with ConnectionRefusedError before any connection to a private address.
 */
export function guardedRequest(url: URL, options: GuardedRequestOptions): Promise<http.IncomingMessage> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return Promise.reject(new ConnectionRefusedError(`Refused a ${url.protocol} request`));
  }
  const trusted = isTrusted(url, options.trustedHosts ?? []);
  const literal = net.isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0;
  if (!trusted && literal && isPrivateAddress(url.hostname)) {
    return Promise.reject(new ConnectionRefusedError('The host is a private address'));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        lookup: trusted || literal ? undefined : (publicOnlyLookup as never),
        signal: options.signal,
        timeout: options.timeoutMs,
      },
      resolve,
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Reads a response body as text, at most `limit` characters kept. */
export async function responseText(response: http.IncomingMessage, limit: number): Promise<string> {
  let text = '';
  for await (const chunk of response) {
    if (text.length < limit) text += String(chunk);
  }
  return text.slice(0, limit);
}

const REACH_ERRORS: Record<string, string> = {
  EREFUSED_PRIVATE: 'the host is or resolves to a private address',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
};

/**
 * Why a request failed, in words that name no address, port or internal host (staff see
 * it; the raw error, e.g. `connect ECONNREFUSED 10.0.0.5:443`, goes to the log only).
 */
export function reachErrorText(error: unknown): string {
  const code = String((error as { code?: unknown })?.code ?? '');
  if (REACH_ERRORS[code]) return REACH_ERRORS[code] as string;
  if (/CERT|SSL|TLS/i.test(code)) return 'its TLS certificate was not accepted';
  return 'the connection failed';
}
