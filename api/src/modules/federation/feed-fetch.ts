import { guardedRequest, reachErrorText } from '../../lib/guarded-http';

// Reading another site's documents (issue 29) through the one outgoing-connection guard: the
// address is the owner's choice, so a private address is refused unless the operator trusts
// the host (FEDERATION_TRUSTED_HOSTS: a sister site on the same network, tests on loopback).

/** A feed page of 1,000 entries is about 450 KB; more than this is not a feed. */
const MAX_BODY = 4 * 1024 * 1024;

export type Fetched =
  | { kind: 'ok'; body: unknown; etag: string | null }
  | { kind: 'not-modified' }
  | { kind: 'failed'; problem: string };

export interface FetchOptions {
  etag?: string | null;
  trustedHosts: string[];
  timeoutMs: number;
}

export async function fetchJson(url: string, options: FetchOptions): Promise<Fetched> {
  let response: Awaited<ReturnType<typeof guardedRequest>>;
  try {
    response = await guardedRequest(new URL(url), {
      headers: { accept: 'application/json', ...(options.etag ? { 'if-none-match': options.etag } : {}) },
      timeoutMs: options.timeoutMs,
      trustedHosts: options.trustedHosts,
    });
  } catch (error) {
    return { kind: 'failed', problem: `It could not be reached: ${reachErrorText(error)}` };
  }
  const status = response.statusCode ?? 0;
  if (status === 304) {
    response.resume();
    return { kind: 'not-modified' };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) {
      response.destroy();
      return { kind: 'failed', problem: 'It answered more than a feed page holds' };
    }
    chunks.push(chunk as Buffer);
  }
  if (status !== 200) return { kind: 'failed', problem: `It answered HTTP ${status}` };
  try {
    const etag = response.headers.etag;
    return { kind: 'ok', body: JSON.parse(Buffer.concat(chunks).toString('utf8')), etag: etag ?? null };
  } catch {
    return { kind: 'failed', problem: 'It answered something that is not JSON' };
  }
}
