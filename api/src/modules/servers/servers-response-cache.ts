import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { ServerAction, ServerGroup } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { listGroupsWithServers } from './servers-repository';
import type { ServersTables } from './tables';

/** How long one rendering of GET /api/servers is served; statuses change every poll (15 s). */
export const SERVERS_CACHE_MS = 1000;

export interface RenderedServers {
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Every rendering of one moment's server list: for managers, for everyone, and the data itself. */
export interface ServerRenderings {
  /** With every action, hidden ones and command text included: for servers.manage. */
  full: RenderedServers;
  /** With no actions at all: what anyone may see (issue 9 item 14). */
  public: RenderedServers;
  groups: ServerGroup[];
}

interface CacheEntry {
  rendered: Promise<ServerRenderings>;
  /** The renderings once made: served without waiting on the promise. */
  ready?: ServerRenderings;
  expires: number;
}

// Keyed by database handle: one cache per app, shared by the routes and the poller that
// writes what it shows. Browsers poll every 15 s, so a 1 s old answer is as good as new,
// and a thousand visitors cost one query per second instead of a thousand.
const caches = new WeakMap<Kysely<ServersTables>, CacheEntry>();

export function renderJson(value: unknown): RenderedServers {
  return renderBytes(Buffer.from(JSON.stringify(value)));
}

function renderBytes(json: Buffer): RenderedServers {
  return {
    json,
    gzip: gzipSync(json, { level: 6 }),
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
  };
}

/** The list with each server's actions narrowed by `keep` (hidden actions never kept). */
export function withActions(groups: ServerGroup[], keep: (action: ServerAction) => boolean): ServerGroup[] {
  return groups.map((group) => ({
    ...group,
    servers: group.servers.map((server) => ({
      ...server,
      actions: server.actions.filter((action) => !action.isHidden && keep(action)),
    })),
  }));
}

/** Each app's last renderings, kept past their second: most refreshes find the same list. */
const last = new WeakMap<Kysely<ServersTables>, ServerRenderings>();

async function render(db: Kysely<ServersTables>): Promise<ServerRenderings> {
  const groups = await listGroupsWithServers(db);
  const json = Buffer.from(JSON.stringify(groups));
  const before = last.get(db);
  // Statuses change once a poll (15 s), the refresh comes every second: an unchanged list is
  // served from the bytes already made, not compressed and hashed again (issue 30: the
  // refresh's two gzips were a share of GET /api/servers' cost under load).
  if (before?.full.json.equals(json)) return before;
  const renderings = { full: renderBytes(json), public: renderJson(withActions(groups, () => false)), groups };
  last.set(db, renderings);
  return renderings;
}

export function renderedServers(db: Kysely<ServersTables>): Promise<ServerRenderings> {
  const entry = caches.get(db);
  if (entry && entry.expires > Date.now()) return entry.rendered;
  const rendered = render(db);
  const fresh: CacheEntry = { rendered, expires: Date.now() + SERVERS_CACHE_MS };
  caches.set(db, fresh);
  rendered.then(
    (renderings) => {
      fresh.ready = renderings;
    },
    () => caches.delete(db),
  );
  return rendered;
}

/**
 * This second's renderings if they are made, else undefined (then await renderedServers): a
 * route answering from them sends within the request's own turn, with no promise to wait on
 * (issue 30: nearly every GET /api/servers is answered from them).
 */
export function readyServers(db: Kysely<ServersTables>): ServerRenderings | undefined {
  const entry = caches.get(db);
  return entry && entry.expires > Date.now() ? entry.ready : undefined;
}

/** Called after this instance changes servers or their status, so its next answer shows it. */
export function invalidateServersCache(db: Kysely<ServersTables>): void {
  caches.delete(db);
}
