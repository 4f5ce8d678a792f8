import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { removeQuietly, SizeLimitError, type StagedFile, stageStream, stagingPath } from '../../../storage/staging';

/** A download we will not make (host not allowed, private address, bad scheme): the item fails. */
export class DownloadRefusedError extends Error {
  override name = 'DownloadRefusedError';
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
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses (IPv4-mapped IPv6 too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1] as string, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The one SSRF rule for every outgoing download and each redirect hop: http(s) only, the host
 * (with its port) must be one of the configured Workshop file hosts, and a host given by name
 * may resolve only to public addresses (checked at connect time, so DNS rebinding cannot slip
 * past). A host given as an IP literal is trusted only because an admin listed it exactly.
 */
export function assertAllowedDownload(url: URL, allowedHosts: string[]): void {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new DownloadRefusedError(`Refused a ${url.protocol} download`);
  if (url.username || url.password) throw new DownloadRefusedError('Refused a download URL with credentials');
  const host = url.host.toLowerCase();
  const listed = allowedHosts.some((entry) => {
    const allowed = entry.toLowerCase();
    return allowed === host || (allowed === url.hostname.toLowerCase() && url.port === '');
  });
  if (!listed)
    throw new DownloadRefusedError(`Refused to download from ${url.host}: not a configured Workshop file host`);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that refuses names resolving to a private address. */
function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const list = addresses as dns.LookupAddress[];
    const blocked = list.find((entry) => isPrivateAddress(entry.address));
    if (blocked || list.length === 0) {
      return callback(
        Object.assign(new DownloadRefusedError(`Refused to connect to ${hostname}: it resolves to a private address`), {
          code: 'EREFUSED',
        }),
        '',
      );
    }
    if (options.all) return callback(null, list);
    const first = list[0] as dns.LookupAddress;
    callback(null, first.address, first.family);
  });
}

interface OpenOptions {
  allowedHosts: string[];
  timeoutMs: number;
  signal?: AbortSignal;
  headers: Record<string, string>;
}

const MAX_REDIRECTS = 5;

/** GET with manual redirects, each hop checked by assertAllowedDownload (async: a refusal is a rejection, never a throw in a socket callback). */
async function open(url: URL, options: OpenOptions, hops = 0): Promise<http.IncomingMessage> {
  assertAllowedDownload(url, options.allowedHosts);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        headers: { 'user-agent': 'Outpost addon downloader', ...options.headers },
        lookup: net.isIP(url.hostname.replace(/^\[|\]$/g, '')) ? undefined : (publicOnlyLookup as never),
        signal: options.signal,
        timeout: options.timeoutMs,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (hops >= MAX_REDIRECTS) return reject(new DownloadRefusedError('Too many redirects'));
          let next: URL;
          try {
            next = new URL(response.headers.location, url);
          } catch {
            return reject(new DownloadRefusedError('A redirect to an invalid URL'));
          }
          return open(next, options, hops + 1).then(resolve, reject);
        }
        resolve(response);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no data for ${options.timeoutMs} ms`)));
    request.on('error', reject);
  });
}

export interface DownloadOptions {
  allowedHosts: string[];
  stagingDir: string;
  maxBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (bytes: number, total: number | null) => void;
  /** Connections to try in all; after a drop the next asks for the rest with `Range`. */
  attempts?: number;
  /** Pause before a retry (ms). */
  retryDelayMs?: number;
}

/**
 * Downloads a URL into a staging file, resuming with `Range: bytes=N-` after a dropped
 * connection (a server that ignores the range starts over). Any final failure removes the
 * staging file: an interrupted download leaves nothing.
 */
export async function downloadToStaging(rawUrl: string, options: DownloadOptions): Promise<StagedFile> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new DownloadRefusedError('The Workshop gave an invalid file URL');
  }
  const target = stagingPath(options.stagingDir);
  await fs.promises.mkdir(options.stagingDir, { recursive: true });
  const attempts = options.attempts ?? 5;
  let lastError: unknown = null;
  try {
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (options.signal?.aborted) throw new Error('cancelled');
      const have = (await fs.promises.stat(target).catch(() => null))?.size ?? 0;
      try {
        const response = await open(url, {
          allowedHosts: options.allowedHosts,
          timeoutMs: options.timeoutMs,
          signal: options.signal,
          headers: have > 0 ? { range: `bytes=${have}-` } : {},
        });
        const status = response.statusCode ?? 0;
        const resumed =
          have > 0 &&
          status === 206 &&
          new RegExp(`^bytes ${have}-`).test(String(response.headers['content-range'] ?? ''));
        if (status !== 200 && !resumed) {
          response.resume();
          if (status === 416 || status === 206) {
            await removeQuietly(target);
            continue;
          }
          const error = new Error(`The file host answered ${status}`);
          if (status >= 400 && status < 500) throw Object.assign(error, { final: true });
          throw error;
        }
        const length = Number(response.headers['content-length'] ?? Number.NaN);
        const total = Number.isFinite(length) ? (resumed ? have + length : length) : null;
        return await stageStream(response, options.stagingDir, {
          target,
          append: resumed,
          keepPartial: true,
          maxBytes: options.maxBytes,
          onProgress: (bytes) => options.onProgress?.(bytes, total),
        });
      } catch (error) {
        lastError = error;
        if (
          error instanceof DownloadRefusedError ||
          error instanceof SizeLimitError ||
          (error as { final?: boolean }).final
        )
          throw error;
        if (options.signal?.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 250 * (attempt + 1)));
      }
    }
    throw lastError ?? new Error('the download failed');
  } catch (error) {
    await removeQuietly(target);
    throw error;
  }
}
