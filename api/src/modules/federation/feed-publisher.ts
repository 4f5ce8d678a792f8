import { createHash } from 'node:crypto';
import type { FederationCategory, FederationEntry, FederationPublishing } from '@outpost/contracts';
import { federationPublishingSchema } from '@outpost/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { isSqlite } from '../../db/schema-helpers';
import { nowSeconds } from '../../lib/clock';
import { metaService } from '../meta';
import { type ChangedRestriction, playersBansNotesService } from '../players-bans-notes';
import { entryColumns, entryStateOf } from './entry-columns';
import { type SigningKey, signingKey } from './federation-keys';
import { entryHash, GENESIS, signHash } from './feed-chain';
import type { FederationTables } from './tables';

// The publisher (issue 29): reads the site's restrictions in the order they were written and
// appends to the feed what a subscriber should learn (a new ban, a changed length, a lift).
// It reads its way through the bans table rather than trusting an event, so a write made
// while no instance listened (a crash, an import, an edit) still reaches the feed; what it
// already published is remembered per restriction, so reading a row twice appends nothing.

const PUBLISHING_KEY = 'federation.publishing';
const CURSOR_KEY = 'federation.publishedThrough';
/** Rows written within this many seconds before the cursor are read again (same-second writes). */
const OVERLAP_SECONDS = 5;
const BATCH = 500;

export const DEFAULT_PUBLISHING: FederationPublishing = { enabled: false, kinds: ['ban'], rules: [] };

export async function readPublishing(db: Kysely<FederationTables>): Promise<FederationPublishing> {
  const stored = federationPublishingSchema.safeParse(await metaService.readSetting(db, PUBLISHING_KEY, null));
  return stored.success ? stored.data : DEFAULT_PUBLISHING;
}

/** Saves what is published; every restriction is looked at again, so one no longer published is lifted from the feed. */
export async function writePublishing(db: Kysely<FederationTables>, publishing: FederationPublishing): Promise<void> {
  await metaService.writeSetting(db, PUBLISHING_KEY, publishing);
  await metaService.writeSetting(db, CURSOR_KEY, { updatedAt: 0, id: 0 });
}

/** A reason's category by the first rule whose glob (`*`, `?`; any case) matches it, or null. */
export function categoryOf(reason: string, rules: FederationPublishing['rules']): FederationCategory | null {
  for (const rule of rules) if (globToRegExp(rule.pattern).test(reason.trim())) return rule.category;
  return null;
}

// Two wildcards are all a reason pattern needs; a glob library would read '/' in a reason
// ("Cheating / aimbot") as a path separator.
function globToRegExp(pattern: string): RegExp {
  const body = pattern
    .trim()
    .split('')
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[\\^$.+()[\]{}|]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, 'is');
}

type PublicState = Pick<FederationEntry, 'kind' | 'steamid' | 'category' | 'length' | 'createdAt' | 'expiresAt'>;

/** What a subscriber may learn of a restriction, or null when this site does not publish it. */
function publicState(row: ChangedRestriction, publishing: FederationPublishing): PublicState | null {
  // Only this site's own, community-wide: a ban taken from another site's feed is that
  // site's to publish, and one held to a server or group says nothing of the whole community.
  if (
    !publishing.enabled ||
    row.steamid === null ||
    row.originSite !== null ||
    row.scopeKind !== 'community' ||
    !publishing.kinds.includes(row.type)
  )
    return null;
  const category = categoryOf(row.reason, publishing.rules);
  if (category === null) return null;
  return {
    kind: row.type,
    steamid: row.steamid,
    category,
    length: row.length,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

const stateHash = (state: PublicState) => createHash('sha256').update(JSON.stringify(state)).digest('hex');

interface Head {
  seq: number;
  hash: string;
}

async function feedHead(trx: Kysely<FederationTables>): Promise<Head> {
  const row = await trx
    .selectFrom('federation_feed')
    .select(['seq', 'hash'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { seq: Number(row.seq), hash: row.hash } : { seq: 0, hash: GENESIS };
}

async function append(
  trx: Kysely<FederationTables>,
  site: string,
  key: SigningKey,
  head: Head,
  fields: Omit<FederationEntry, 'seq' | 'prev' | 'hash' | 'signature' | 'publishedAt'>,
): Promise<Head> {
  const entry = { ...fields, seq: head.seq + 1, prev: head.hash, publishedAt: nowSeconds() };
  const hash = entryHash(site, entry);
  await trx
    .insertInto('federation_feed')
    .values({
      seq: entry.seq,
      action: entry.action,
      ...entryColumns(entry),
      lifted_at: entry.liftedAt,
      published_at: entry.publishedAt,
      prev: entry.prev,
      hash,
      signature: signHash(hash, key.privateKey),
    })
    .execute();
  return { seq: entry.seq, hash };
}

interface Prior {
  state: string;
  lifted: number | string;
}

/** What the feed last said of each of these restrictions (one query for a batch, not one per row). */
async function priorsOf(
  trx: Kysely<FederationTables>,
  rows: readonly ChangedRestriction[],
): Promise<Map<string, Prior>> {
  if (rows.length === 0) return new Map();
  const found = await trx
    .selectFrom('federation_published')
    .select(['entry_id', 'state', 'lifted'])
    .where(
      'entry_id',
      'in',
      rows.map((row) => String(row.id)),
    )
    .execute();
  return new Map(found.map((row) => [row.entry_id, { state: row.state, lifted: row.lifted }]));
}

/** Whether the feed holds a restriction not yet lifted. */
async function anyStanding(db: Kysely<FederationTables>): Promise<boolean> {
  const row = await db
    .selectFrom('federation_published')
    .select('entry_id')
    .where('lifted', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One restriction read again: what, if anything, the feed must say of it now. */
async function publishOne(
  trx: Kysely<FederationTables>,
  site: string,
  key: SigningKey,
  head: Head,
  row: ChangedRestriction,
  publishing: FederationPublishing,
  now: number,
  priors: ReadonlyMap<string, Prior>,
): Promise<Head> {
  const entryId = String(row.id);
  const prior = priors.get(entryId);
  const state = publicState(row, publishing);
  const lifted = row.unbannedAt !== null;
  const expired = row.expiresAt !== null && row.expiresAt <= now;
  const wasStanding = prior !== undefined && Number(prior.lifted) === 0;
  let action: FederationEntry['action'] | null = null;
  if (!wasStanding) {
    // A restriction already over is not news: it is published only while it stands.
    if (state !== null && !lifted && !expired) action = 'ban';
  } else if (state === null || lifted) {
    // Lifted, or no longer published (its reason or kind left the published set).
    action = 'lift';
  } else if (prior.state !== stateHash(state)) {
    action = 'update';
  }
  if (action === null) return head;
  // A lift repeats what was published (the local row may have changed since), not the row.
  const shown = action === 'lift' ? ((await lastPublished(trx, entryId)) ?? state) : state;
  if (shown === null) return head;
  const next = await append(trx, site, key, head, {
    entryId,
    action,
    ...shown,
    liftedAt: action === 'lift' ? (row.unbannedAt ?? now) : null,
  });
  const values = { state: stateHash(shown), lifted: action === 'lift' ? 1 : 0, seq: next.seq };
  await trx
    .insertInto('federation_published')
    .values({ entry_id: entryId, ...values })
    .onConflict((oc) => oc.column('entry_id').doUpdateSet(values))
    .execute();
  return next;
}

/** The public state of a restriction's last entry (a lift repeats what was published, not the local row). */
async function lastPublished(trx: Kysely<FederationTables>, entryId: string): Promise<PublicState | null> {
  const row = await trx
    .selectFrom('federation_feed')
    .select(['kind', 'steamid', 'category', 'length', 'created_at', 'expires_at'])
    .where('entry_id', '=', entryId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? entryStateOf(row) : null;
}

/**
 * Brings the feed up to date with the restrictions table. Appends run one at a time across
 * instances (a PostgreSQL advisory lock; SQLite has one writer), so the chain never forks.
 * Answers how many entries were appended.
 */
export async function syncFeed(db: Kysely<FederationTables>, site: string): Promise<number> {
  const publishing = await readPublishing(db);
  // Not publishing, and nothing published still stands: there is nothing to add or lift, so the
  // bans table is not walked (turning publishing on resets the cursor, and the walk happens then).
  if (!publishing.enabled && !(await anyStanding(db))) return 0;
  const key = await signingKey(db);
  const stored = await metaService.readSetting(db, CURSOR_KEY, { updatedAt: 0, id: 0 });
  // Each run starts a little before where the last one stopped: a row written in the same
  // second as the cursor but committed after that run read is not missed. Reading a row
  // twice appends nothing.
  let position = { updatedAt: Math.max(0, stored.updatedAt - OVERLAP_SECONDS), id: 0 };
  let appended = 0;
  for (;;) {
    const rows = await db.transaction().execute(async (trx: Transaction<FederationTables>) => {
      if (!isSqlite(trx)) await sql`select pg_advisory_xact_lock(hashtext('federation-feed'))`.execute(trx);
      const batch = await playersBansNotesService.restrictionsChangedSince(trx, position, BATCH);
      const now = nowSeconds();
      let head = await feedHead(trx);
      const start = head.seq;
      const priors = await priorsOf(trx, batch);
      for (const row of batch) head = await publishOne(trx, site, key, head, row, publishing, now, priors);
      appended += head.seq - start;
      const last = batch.at(-1);
      const cursor = await metaService.readSetting(trx, CURSOR_KEY, { updatedAt: 0, id: 0 });
      // Another instance may have gone further meanwhile: the cursor only moves forward.
      if (last && (last.updatedAt > cursor.updatedAt || (last.updatedAt === cursor.updatedAt && last.id > cursor.id)))
        await metaService.writeSetting(trx, CURSOR_KEY, { updatedAt: last.updatedAt, id: last.id });
      return batch;
    });
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return appended;
    position = { updatedAt: last.updatedAt, id: last.id };
    // SQLite answers synchronously: without a turn of the event loop between batches, a walk
    // through a million bans would hold every request (and the server's start) until it ends.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
