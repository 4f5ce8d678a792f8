import { federationFeedPageSchema, federationWellKnownSchema } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../db/in-transaction';
import { nowSeconds } from '../../lib/clock';
import { playersBansNotesService } from '../players-bans-notes';
import { fingerprintOf, publicKeyFromRaw, verifyPage } from './feed-chain';
import { fetchJson } from './feed-fetch';
import { takePage } from './received-entries';
import { categoriesOf, findSubscription, receivedRates, type SubscriptionRow } from './subscriptions-repository';
import type { FederationTables } from './tables';

// Reading a subscribed feed (issue 29): page after page from the last entry taken, each page
// verified whole against the pinned key before anything in it is taken; a page that does not
// verify is refused whole and the subscription stops, saying why; a changed key stops it until
// the owner pins the new fingerprint; a burst far above the feed's usual rate pauses it.

type Db = Kysely<FederationTables>;

export interface SubscriberOptions {
  trustedHosts: string[];
  timeoutMs: number;
  pollIntervalMs: number;
}

/** A burst: more than this many entries in a day, and more than BURST_FACTOR times the usual daily rate. */
const BURST_FLOOR = 200;
const BURST_FACTOR = 10;
const MAX_BACKOFF_FACTOR = 64;

/** Reads another site's well-known document: its key, checked against the fingerprint the owner pinned. */
export async function readWellKnown(
  site: string,
  options: SubscriberOptions,
): Promise<
  { ok: true; name: string; publicKey: string; fingerprint: string; appeals: string } | { ok: false; problem: string }
> {
  const fetched = await fetchJson(`${site}/.well-known/outpost-federation.json`, { ...options, etag: null });
  if (fetched.kind !== 'ok') return { ok: false, problem: fetched.kind === 'failed' ? fetched.problem : 'No answer' };
  const parsed = federationWellKnownSchema.safeParse(fetched.body);
  if (!parsed.success) return { ok: false, problem: 'It does not publish an Outpost federation document' };
  const known = parsed.data;
  if (known.site.replace(/\/+$/, '') !== site) return { ok: false, problem: `It calls itself ${known.site}` };
  if (!publicKeyFromRaw(known.publicKey) || fingerprintOf(known.publicKey) !== known.fingerprint)
    return { ok: false, problem: 'Its key and fingerprint do not match' };
  return {
    ok: true,
    name: known.name,
    publicKey: known.publicKey,
    fingerprint: known.fingerprint,
    appeals: known.appeals,
  };
}

async function stop(db: Db, id: string, state: SubscriptionRow['state'], problem: string): Promise<void> {
  await db
    .updateTable('federation_subscriptions')
    .set({ state, problem, claim_until: 0, last_polled_at: nowSeconds() })
    .where('id', '=', id)
    .execute();
}

async function backOff(db: Db, row: SubscriptionRow, problem: string, options: SubscriberOptions): Promise<void> {
  const failures = Number(row.failures) + 1;
  const factor = Math.min(MAX_BACKOFF_FACTOR, 2 ** (failures - 1));
  await db
    .updateTable('federation_subscriptions')
    .set({
      failures,
      problem: `${problem} (tried ${failures} time${failures === 1 ? '' : 's'}; trying again later)`,
      next_poll_at: Date.now() + options.pollIntervalMs * factor,
      claim_until: 0,
      last_polled_at: nowSeconds(),
    })
    .where('id', '=', row.id)
    .execute();
}

/**
 * Reads a subscription's feed until it is caught up (or stopped). The caller holds the
 * subscription's claim. Answers the number of entries taken.
 */
export async function pollSubscription(db: Db, id: string, options: SubscriberOptions): Promise<number> {
  let taken = 0;
  for (;;) {
    const row = await findSubscription(db, id);
    if (row?.state !== 'active') return taken;
    const key = row.public_key ? publicKeyFromRaw(row.public_key) : null;
    if (!key) {
      await stop(db, id, 'key-changed', 'No key is pinned for this feed: pin its fingerprint again');
      return taken;
    }
    const url = `${row.site}/api/federation/feed?since=${Number(row.held_seq)}&limit=1000`;
    const fetched = await fetchJson(url, { ...options, etag: row.etag });
    if (fetched.kind === 'failed') {
      await backOff(db, row, fetched.problem, options);
      return taken;
    }
    if (fetched.kind === 'not-modified') {
      await caughtUp(db, row, row.etag, options);
      return taken;
    }
    const parsed = federationFeedPageSchema.safeParse(fetched.body);
    if (!parsed.success) {
      await stop(db, id, 'refused', 'The feed answered a page that is not an Outpost feed page: refused whole');
      return taken;
    }
    const page = parsed.data;
    if (page.fingerprint !== row.fingerprint) {
      await stop(
        db,
        id,
        'key-changed',
        `${row.name} now signs with another key (fingerprint ${page.fingerprint}). Compare it with ${row.name}'s ` +
          'owner and pin it to go on; nothing from it is taken until then.',
      );
      return taken;
    }
    if (page.site.replace(/\/+$/, '') !== row.site) {
      await stop(db, id, 'refused', `The feed calls itself ${page.site}, not ${row.site}: refused whole`);
      return taken;
    }
    const verdict = verifyPage(row.site, page.entries, { seq: Number(row.held_seq), hash: row.held_hash }, key);
    if (!verdict.ok) {
      await stop(db, id, 'refused', `${verdict.reason}. The page was refused whole; nothing in it was taken.`);
      return taken;
    }
    const wanted = new Set<string>(categoriesOf(row));
    const now = nowSeconds();
    const rates = await receivedRates(db, id, now);
    const incoming = page.entries.filter(
      (entry) => entry.action === 'ban' && wanted.has(entry.category) && entry.createdAt > now - 86_400,
    ).length;
    const burst =
      rates.lastDay + incoming > BURST_FLOOR && rates.lastDay + incoming > BURST_FACTOR * Math.max(rates.usual, 1);
    const changes = await inTransaction(db, async (trx) => {
      // Entries outside the categories taken move the cursor on and are not kept; lifts and
      // updates of entries taken earlier are followed whatever their category now.
      const kept = page.entries.filter((entry) => entry.action !== 'ban' || wanted.has(entry.category));
      const changed = await takePage(trx, row, kept, burst);
      await trx
        .updateTable('federation_subscriptions')
        .set({
          held_seq: verdict.lastSeq,
          held_hash: verdict.lastHash,
          failures: 0,
          problem: null,
          last_polled_at: now,
          ...(burst
            ? {
                state: 'paused',
                problem:
                  `Paused for review: ${rates.lastDay + incoming} bans arrived from ${row.name} within a day, far ` +
                  `more than its usual ${Math.round(rates.usual)} a day. They wait in the review queue; resume the ` +
                  'feed when you trust it again.',
                claim_until: 0,
              }
            : {}),
        })
        .where('id', '=', id)
        .execute();
      return changed;
    });
    // Committed: servers where these players are connected act on the page's bans and lifts now.
    await playersBansNotesService.announceRestrictions(db, changes);
    taken += page.entries.length;
    if (burst) return taken;
    if (page.next === null) {
      await caughtUp(db, { ...row, held_seq: verdict.lastSeq }, fetched.etag, options);
      return taken;
    }
  }
}

async function caughtUp(db: Db, row: SubscriptionRow, etag: string | null, options: SubscriberOptions): Promise<void> {
  await db
    .updateTable('federation_subscriptions')
    .set({
      etag,
      failures: 0,
      next_poll_at: Date.now() + options.pollIntervalMs,
      claim_until: 0,
      last_polled_at: nowSeconds(),
    })
    .where('id', '=', row.id)
    .where('state', '=', 'active')
    .execute();
}
