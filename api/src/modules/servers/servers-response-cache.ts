import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listGroupsWithServers } from './servers-repository';

/** How long one rendering of GET /api/servers is served; statuses change every poll (15 s). */
export const SERVERS_CACHE_MS = 1000;

export interface RenderedServers {
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

interface CacheEntry {
  rendered: Promise<RenderedServers>;
  expires: number;
}

// Keyed by database handle: one cache per app, shared by the routes and the poller that
// writes what it shows. Browsers poll every 15 s, so a 1 s old answer is as good as new,
// and a thousand visitors cost one query per second instead of a thousand.
const caches = new WeakMap<Kysely<Database>, CacheEntry>();

async function render(db: Kysely<Database>): Promise<RenderedServers> {
  const json = Buffer.from(JSON.stringify(await listGroupsWithServers(db)));
  return {
    json,
    gzip: gzipSync(json, { level: 6 }),
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
  };
}

export function renderedServers(db: Kysely<Database>): Promise<RenderedServers> {
  const entry = caches.get(db);
  if (entry && entry.expires > Date.now()) return entry.rendered;
  const rendered = render(db);
  caches.set(db, { rendered, expires: Date.now() + SERVERS_CACHE_MS });
  rendered.catch(() => caches.delete(db));
  return rendered;
}

/** Called after this instance changes servers or their status, so its next answer shows it. */
export function invalidateServersCache(db: Kysely<Database>): void {
  caches.delete(db);
}
