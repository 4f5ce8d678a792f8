import { FEDERATION_CATEGORIES, type FederationCategory, type FederationEntry } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { playersBansNotesService } from '../players-bans-notes';
import { entryColumns } from './entry-columns';
import type { SubscriptionRow } from './subscriptions-repository';
import type { FederationTables } from './tables';

// What this site does with an entry it took from a feed (issue 29): a ban becomes a local ban
// (at once, or after staff approve it in the review queue), unless the player is on the local
// exception list; an update follows the origin's new length; a lift lifts the local ban. The
// local ban names the origin, so the public list says "from <site>" and the player is sent to
// appeal there.

type Db = Kysely<FederationTables>;

/** A local ban a taken entry created or lifted: said to enforcement once the page has committed. */
export interface BanChange {
  banId: number;
  action: 'created' | 'lifted';
}

/** The actor of every change the subscriber makes: no account, the feed's site by name. */
export const feedActor = (subscription: Pick<SubscriptionRow, 'name'>) => ({
  id: null,
  name: `Federation: ${subscription.name}`,
});

/** The local length that ends when the origin's does (at least a minute), or permanent. */
function localLength(expiresAt: number | null, now: number): number | null {
  return expiresAt === null ? null : Math.max(60, expiresAt - now);
}

async function isExcepted(db: Db, steamid: string): Promise<boolean> {
  const row = await db
    .selectFrom('federation_exceptions')
    .select('steamid')
    .where('steamid', '=', steamid)
    .executeTakeFirst();
  return row !== undefined;
}

/** The local ban a received entry becomes: its category and site as the reason, the origin's end. */
function localBan(
  subscription: SubscriptionRow,
  entry: { kind: FederationEntry['kind']; steamid: string; category: string; expiresAt: number | null },
  now: number,
) {
  return {
    type: entry.kind,
    steamid: entry.steamid,
    reason: `${FEDERATION_CATEGORIES[entry.category as FederationCategory] ?? 'Other'} (from ${subscription.name})`,
    length: localLength(entry.expiresAt, now),
    // The reason's parts as data too: readers see them in their language (issue 27), while the
    // English reason is what game servers kick with and exports show.
    origin: {
      site: subscription.site,
      appeals: subscription.appeals,
      name: subscription.name,
      category: entry.category,
    },
  };
}

/** Makes the local ban of a received entry; answers its id. */
export async function applyReceived(
  db: Db,
  subscription: SubscriptionRow,
  entry: {
    entryId: string;
    kind: FederationEntry['kind'];
    steamid: string;
    category: string;
    expiresAt: number | null;
  },
): Promise<number> {
  const ban = await playersBansNotesService.createBan(
    db,
    localBan(subscription, entry, nowSeconds()),
    feedActor(subscription),
  );
  await db
    .updateTable('federation_received')
    .set({ status: 'applied', ban_id: ban.id })
    .where('subscription_id', '=', subscription.id)
    .where('entry_id', '=', entry.entryId)
    .execute();
  return Number(ban.id);
}

/** Lifts the local ban made of a received entry (the origin lifted it, or staff excepted the player). */
export async function liftLocal(
  db: Db,
  subscription: SubscriptionRow,
  banId: number,
  lift: { by: 'origin' } | { by: 'exception'; reason: string },
): Promise<void> {
  const row = await playersBansNotesService.findBan(db, banId);
  // The English words are stored (game servers, exports); the lift's kind and reason as data too.
  const why = lift.by === 'origin' ? `Lifted by ${subscription.name}` : `Excepted here: ${lift.reason}`;
  const reason = lift.by === 'exception' ? lift.reason : null;
  if (row) await playersBansNotesService.unban(db, row, why, feedActor(subscription), { by: lift.by, reason });
}

/**
 * Takes one verified entry. `hold` (the feed is paused for a burst, or the subscription
 * reviews) keeps a new ban pending for staff instead of applying it.
 */
export async function takeEntry(
  db: Db,
  subscription: SubscriptionRow,
  entry: FederationEntry,
  hold: boolean,
): Promise<BanChange | null> {
  const now = nowSeconds();
  const known = await db
    .selectFrom('federation_received')
    .selectAll()
    .where('subscription_id', '=', subscription.id)
    .where('entry_id', '=', entry.entryId)
    .executeTakeFirst();
  if (entry.action === 'lift') {
    if (!known || known.status === 'lifted') return null;
    const lifted = known.status === 'applied' && known.ban_id !== null ? Number(known.ban_id) : null;
    if (lifted !== null) await liftLocal(db, subscription, lifted, { by: 'origin' });
    await db
      .updateTable('federation_received')
      .set({ status: 'lifted', seq: entry.seq })
      .where('subscription_id', '=', subscription.id)
      .where('entry_id', '=', entry.entryId)
      .execute();
    return lifted === null ? null : { banId: lifted, action: 'lifted' };
  }
  if (known) {
    // An update (or a ban published again): the origin's new length is followed.
    await db
      .updateTable('federation_received')
      .set({ length: entry.length, expires_at: entry.expiresAt, seq: entry.seq })
      .where('subscription_id', '=', subscription.id)
      .where('entry_id', '=', entry.entryId)
      .execute();
    if (known.status === 'applied' && known.ban_id !== null) {
      const row = await playersBansNotesService.findBan(db, Number(known.ban_id));
      if (row && row.unbanned_at === null) {
        const length = entry.expiresAt === null ? null : Math.max(60, entry.expiresAt - Number(row.created_at));
        await playersBansNotesService.editBan(db, row, { length }, feedActor(subscription));
      }
    }
    return null;
  }
  const excepted = await isExcepted(db, entry.steamid);
  await db
    .insertInto('federation_received')
    .values({
      subscription_id: subscription.id,
      ...entryColumns(entry),
      status: excepted ? 'excepted' : 'pending',
      ban_id: null,
      seq: entry.seq,
      received_at: now,
    })
    .execute();
  const over = entry.expiresAt !== null && entry.expiresAt <= now;
  if (excepted || over || hold || subscription.mode !== 'apply') return null;
  return { banId: await applyReceived(db, subscription, entry), action: 'created' };
}

/**
 * Takes a verified page in order, in bulk where it can: the page's new bans go in with one
 * insert per batch, looked up with one query per batch, and those applied at once become local
 * bans together (createBans: a few statements for the batch, each ban as createBan makes it);
 * an entry about one already taken (an update, a lift) goes alone, after everything before it
 * is written. A catch-up of a long feed costs a few queries per page, not per entry.
 */
export async function takePage(
  db: Db,
  subscription: SubscriptionRow,
  entries: FederationEntry[],
  hold: boolean,
): Promise<BanChange[]> {
  const now = nowSeconds();
  const changes: BanChange[] = [];
  const ids = entries.map((entry) => entry.entryId);
  const known = new Set<string>();
  const excepted = new Set<string>();
  for (let at = 0; at < ids.length; at += 500) {
    const slice = entries.slice(at, at + 500);
    const [rows, exceptions] = await Promise.all([
      db
        .selectFrom('federation_received')
        .select('entry_id')
        .where('subscription_id', '=', subscription.id)
        .where(
          'entry_id',
          'in',
          slice.map((entry) => entry.entryId),
        )
        .execute(),
      db
        .selectFrom('federation_exceptions')
        .select('steamid')
        .where('steamid', 'in', [...new Set(slice.map((entry) => entry.steamid))])
        .execute(),
    ]);
    for (const row of rows) known.add(row.entry_id);
    for (const row of exceptions) excepted.add(row.steamid);
  }
  type ReceivedRow = Parameters<ReturnType<Db['insertInto']>['values']>[0];
  let waiting: ReceivedRow[] = [];
  let applying: { entry: FederationEntry; row: ReceivedRow }[] = [];
  const flush = async () => {
    if (applying.length > 0) {
      const bans = await playersBansNotesService.createBans(
        db,
        applying.map(({ entry }) => localBan(subscription, entry, now)),
        feedActor(subscription),
      );
      // Kept where they stood in the page, each naming its local ban, as applyReceived leaves it.
      for (const [index, { row }] of applying.entries()) {
        const banId = bans[index]?.id;
        Object.assign(row, { status: 'applied', ban_id: banId ?? null });
        if (banId !== undefined) changes.push({ banId: Number(banId), action: 'created' });
      }
      applying = [];
    }
    for (let at = 0; at < waiting.length; at += 200)
      await db
        .insertInto('federation_received')
        .values(waiting.slice(at, at + 200) as never)
        .execute();
    waiting = [];
  };
  for (const entry of entries) {
    const over = entry.expiresAt !== null && entry.expiresAt <= now;
    const applies = !excepted.has(entry.steamid) && !over && !hold && subscription.mode === 'apply';
    if (entry.action === 'ban' && !known.has(entry.entryId)) {
      const row: ReceivedRow = {
        subscription_id: subscription.id,
        ...entryColumns(entry),
        status: excepted.has(entry.steamid) ? 'excepted' : 'pending',
        ban_id: null,
        seq: entry.seq,
        received_at: now,
      };
      waiting.push(row);
      if (applies) applying.push({ entry, row });
      known.add(entry.entryId);
      continue;
    }
    await flush();
    const change = await takeEntry(db, subscription, entry, hold);
    if (change) changes.push(change);
    known.add(entry.entryId);
  }
  await flush();
  return changes;
}
