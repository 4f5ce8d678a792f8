import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import { ConnectionRefusedError, guardedRequest, reachErrorText } from '../../../lib/guarded-http';
import { removeQuietly, SizeLimitError, type StagedFile, stageStream, stagingPath } from '../../../storage/staging';

/** A download we will not make (host not allowed, private address, bad scheme): the item fails. */
export class DownloadRefusedError extends Error {
  override name = 'DownloadRefusedError';
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
  // The shared guard (lib/guarded-http): names must resolve to public addresses only; an
  // IP literal is connected to only because an admin listed it exactly.
  const response = await guardedRequest(url, {
    headers: { 'user-agent': 'Outpost addon downloader', ...options.headers },
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    // assertAllowedDownload has matched url.host against the list: a literal is listed exactly.
    trustedHosts: net.isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0 ? [url.host] : [],
  }).catch((error: unknown) => {
    if (error instanceof ConnectionRefusedError)
      throw new DownloadRefusedError(`Refused to connect to ${url.host}: ${reachErrorText(error)}`);
    throw error;
  });
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400 && response.headers.location) {
    response.resume();
    if (hops >= MAX_REDIRECTS) throw new DownloadRefusedError('Too many redirects');
    let next: URL;
    try {
      next = new URL(response.headers.location, url);
    } catch {
      throw new DownloadRefusedError('A redirect to an invalid URL');
    }
    return open(next, options, hops + 1);
  }
  return response;
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
