import net from 'node:net';
import {
  type Ban,
  type FederationSubscription,
  federationPublishingViewSchema,
  federationReceivedListSchema,
  federationSubscriptionSchema,
} from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { syncFeed } from './feed-publisher';
import type { FederationTables } from './tables';

// Federation between two Outpost sites on loopback (issue 29): the subscriber pins the
// publisher's fingerprint, reads its feed verified whole, applies or queues what it takes,
// follows changes and lifts, excepts players locally, refuses a tampered feed, stops on a key
// change until the owner pins again, and catches up a long feed page after page.

const CHEATER = '76561197960287940';
const SPAMMER = '76561197960287941';
const LATER = '76561197960287942';
const EXCEPTED = '76561197960287943';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe.each(testDatabases())('federation between two sites on $name', (kind) => {
  let origin: TestApp;
  let here: TestApp;
  let originOwner: SignedIn;
  let owner: SignedIn;
  let moderator: SignedIn;
  let member: SignedIn;
  let site: string;
  let subscription: FederationSubscription;

  const inject = (app: TestApp, who: SignedIn | null, method: string, url: string, payload?: object) =>
    app.app.inject({
      method: method as 'GET',
      url,
      // The origin site's address is its own (its CSRF check reads the Origin header).
      headers: who ? { ...who.headers, ...(app === origin ? { origin: site } : {}) } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  const originBan = async (steamid: string, reason: string, length: number | null = 86_400) => {
    const response = await inject(origin, originOwner, 'POST', '/api/bans', { steamid, reason, length });
    expect(response.statusCode).toBe(201);
    await syncFeed(origin.database.db as unknown as Kysely<FederationTables>, site);
    return (response.json() as { id: number }).id;
  };
  const read = async () => {
    const response = await inject(here, owner, 'POST', `/api/panel/federation/subscriptions/${subscription.id}/read`);
    expect(response.statusCode).toBe(200);
    subscription = federationSubscriptionSchema.parse(response.json());
    return subscription;
  };
  const bansOf = async (steamid: string) => {
    const response = await inject(here, null, 'GET', `/api/bans?steamid=${steamid}&status=all`);
    expect(response.statusCode).toBe(200);
    return (response.json() as { bans: Ban[] }).bans;
  };
  const fingerprint = async () =>
    federationPublishingViewSchema.parse(
      (await inject(origin, originOwner, 'GET', '/api/panel/federation/publishing')).json(),
    ).fingerprint;

  beforeAll(async () => {
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    origin = await startTestApp(kind, { PUBLIC_URL: site });
    await origin.app.listen({ port, host: '127.0.0.1' });
    here = await startTestApp(kind, {
      FEDERATION_TRUSTED_HOSTS: `127.0.0.1:${port}`,
      FEDERATION_POLL_INTERVAL_MS: '3600000',
    });
    originOwner = await signInAs(origin, { name: 'Origin owner', flags: 'z' });
    owner = await signInAs(here, { name: 'Owner', flags: 'z' });
    moderator = await signInAs(here, { name: 'Moderator', codes: ['bans.create', 'bans.unban'] });
    member = await signInAs(here, { name: 'Member' });
    const published = await inject(origin, originOwner, 'PUT', '/api/panel/federation/publishing', {
      enabled: true,
      kinds: ['ban', 'mute'],
      rules: [
        { pattern: '*aimbot*', category: 'cheating' },
        { pattern: 'spam*', category: 'spam' },
      ],
    });
    expect(published.statusCode).toBe(200);
  });
  afterAll(async () => {
    await here?.close();
    await origin?.close();
  });

  it('refuses a subscription whose fingerprint, address or caller is wrong, saying why', async () => {
    const good = { site, fingerprint: await fingerprint(), categories: ['cheating'], mode: 'review' };
    const wrongPrint = await inject(here, owner, 'POST', '/api/panel/federation/subscriptions', {
      ...good,
      fingerprint: good.fingerprint.replace(/^..../, 'ffff'),
    });
    expect(wrongPrint.statusCode).toBe(400);
    expect(wrongPrint.json()).toMatchObject({ error: 'FINGERPRINT_MISMATCH' });
    expect(wrongPrint.json().message).toContain(good.fingerprint);
    for (const [payload, error] of [
      [{ ...good, site: 'http://10.0.0.7' }, 'FEED_UNREADABLE'],
      [{ ...good, site: 'http://127.0.0.1:9' }, 'FEED_UNREADABLE'],
      [{ ...good, site: 'ftp://example.org' }, 'VALIDATION_FAILED'],
      [{ ...good, site: 'not an address' }, 'VALIDATION_FAILED'],
      [{ ...good, fingerprint: 'abcd' }, 'VALIDATION_FAILED'],
      [{ ...good, categories: [] }, 'VALIDATION_FAILED'],
      [{ ...good, mode: 'always' }, 'VALIDATION_FAILED'],
      [{ ...good, site: 'http://outpost.test' }, 'OWN_SITE'],
    ] as const) {
      const response = await inject(here, owner, 'POST', '/api/panel/federation/subscriptions', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe(error);
    }
    // The private address is refused by the connection guard, and the message names no address.
    const privateOne = await inject(here, owner, 'POST', '/api/panel/federation/subscriptions', {
      ...good,
      site: 'http://10.0.0.7',
    });
    expect(privateOne.json().message).toContain('private address');
    for (const who of [null, member, moderator])
      expect([401, 403]).toContain(
        (await inject(here, who, 'POST', '/api/panel/federation/subscriptions', good)).statusCode,
      );
    expect((await inject(here, member, 'GET', '/api/panel/federation/subscriptions')).statusCode).toBe(403);
  });

  it('subscribes with the pinned fingerprint; in review mode new bans wait for staff', async () => {
    await originBan(CHEATER, 'Aimbot on c2m3');
    await originBan(SPAMMER, 'spam in chat');
    const created = await inject(here, owner, 'POST', '/api/panel/federation/subscriptions', {
      site,
      fingerprint: await fingerprint(),
      categories: ['cheating'],
      mode: 'review',
    });
    expect(created.statusCode).toBe(201);
    subscription = federationSubscriptionSchema.parse(created.json());
    expect(subscription.name).toBe(new URL(site).host);
    const again = await inject(here, owner, 'POST', '/api/panel/federation/subscriptions', {
      site,
      fingerprint: subscription.fingerprint,
      categories: ['cheating'],
    });
    expect(again.statusCode).toBe(409);
    await read();
    expect(subscription).toMatchObject({ state: 'active', problem: null, heldSeq: 2, pending: 1, applied: 0 });
    expect(await bansOf(CHEATER)).toEqual([]);
    // Only the category taken (cheating) is queued; the spam ban moved the cursor and was not kept.
    expect((await inject(here, member, 'GET', '/api/federation/review')).statusCode).toBe(403);
    const queue = federationReceivedListSchema.parse(
      (await inject(here, moderator, 'GET', '/api/federation/review')).json(),
    );
    expect(queue.entries.map((entry) => [entry.steamid, entry.category, entry.status])).toEqual([
      [CHEATER, 'cheating', 'pending'],
    ]);
    const entry = queue.entries[0];
    if (!entry) throw new Error('no entry');
    const url = `/api/federation/review/${entry.subscriptionId}/${entry.entryId}`;
    expect((await inject(here, member, 'POST', url, { decision: 'apply' })).statusCode).toBe(403);
    expect((await inject(here, moderator, 'POST', url, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await inject(here, moderator, 'POST', `${url}x`, { decision: 'apply' })).statusCode).toBe(404);
    const applied = await inject(here, moderator, 'POST', url, { decision: 'apply' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'applied', banId: expect.any(Number) });
    expect((await inject(here, moderator, 'POST', url, { decision: 'reject' })).statusCode).toBe(409);
    const [ban] = await bansOf(CHEATER);
    expect(ban).toMatchObject({
      status: 'active',
      reason: `Cheating (from ${subscription.name})`,
      adminName: `Federation: ${subscription.name}`,
      // The English reason's and admin's parts as data, for readers in other languages (issue 27).
      origin: { site, appeals: `${site}/bans/appeals`, name: subscription.name, category: 'cheating' },
    });
    // Its expiry is the origin's (within the seconds the test took).
    expect(Math.abs((ban?.expiresAt ?? 0) - ((ban?.createdAt ?? 0) + 86_400))).toBeLessThan(30);
  });

  it('in apply mode takes bans at once, follows a changed length and a lift', async () => {
    const changed = await inject(here, owner, 'PATCH', `/api/panel/federation/subscriptions/${subscription.id}`, {
      mode: 'apply',
    });
    expect(changed.statusCode).toBe(200);
    const id = await originBan(LATER, 'aimbot, spinbot');
    await read();
    const [ban] = await bansOf(LATER);
    expect(ban).toMatchObject({ status: 'active', origin: { site, name: subscription.name, category: 'cheating' } });
    expect((await inject(origin, originOwner, 'PATCH', `/api/bans/${id}`, { length: 30 * 86_400 })).statusCode).toBe(
      200,
    );
    await syncFeed(origin.database.db as unknown as Kysely<FederationTables>, site);
    await read();
    const [longer] = await bansOf(LATER);
    expect((longer?.expiresAt ?? 0) - (longer?.createdAt ?? 0)).toBeGreaterThan(29 * 86_400);
    expect((await inject(origin, originOwner, 'POST', `/api/bans/${id}/unban`, { reason: 'Cleared' })).statusCode).toBe(
      200,
    );
    await syncFeed(origin.database.db as unknown as Kysely<FederationTables>, site);
    await read();
    const [lifted] = await bansOf(LATER);
    expect(lifted?.status).toBe('unbanned');
    expect(lifted?.unbannedByName).toBe(`Federation: ${subscription.name}`);
    // The stored English, and why as data for readers in other languages (issue 27).
    expect(lifted?.unbanReason).toBe(`Lifted by ${subscription.name}`);
    expect(lifted?.origin?.lift).toEqual({ by: 'origin', reason: null });
  });

  it('excepts a player locally: applied federated bans are lifted and later ones set aside', async () => {
    await originBan(EXCEPTED, 'aimbot');
    await read();
    expect((await bansOf(EXCEPTED))[0]?.status).toBe('active');
    expect(
      (await inject(here, member, 'POST', '/api/federation/exceptions', { steamid: EXCEPTED, reason: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await inject(here, moderator, 'POST', '/api/federation/exceptions', { steamid: 'nobody', reason: 'x' }))
        .statusCode,
    ).toBe(400);
    const excepted = await inject(here, moderator, 'POST', '/api/federation/exceptions', {
      steamid: EXCEPTED,
      reason: 'Known to us: a false positive there',
    });
    expect(excepted.statusCode).toBe(200);
    const [lifted] = await bansOf(EXCEPTED);
    expect(lifted).toMatchObject({
      status: 'unbanned',
      unbanReason: 'Excepted here: Known to us: a false positive there',
      origin: { lift: { by: 'exception', reason: 'Known to us: a false positive there' } },
    });
    await originBan(EXCEPTED, 'aimbot again');
    await read();
    expect((await bansOf(EXCEPTED)).filter((ban) => ban.status === 'active')).toEqual([]);
    expect((await inject(here, moderator, 'DELETE', `/api/federation/exceptions/${EXCEPTED}`)).statusCode).toBe(200);
    expect((await inject(here, moderator, 'DELETE', `/api/federation/exceptions/${EXCEPTED}`)).statusCode).toBe(404);
  });

  it('refuses a tampered page whole and stops, saying why; resuming after the fix goes on', async () => {
    const db = origin.database.db as unknown as Kysely<FederationTables>;
    const id = await originBan('76561197960287950', 'aimbot');
    const last = await db
      .selectFrom('federation_feed')
      .select(['seq', 'steamid'])
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    await db.updateTable('federation_feed').set({ steamid: '76561197960299999' }).where('seq', '=', last.seq).execute();
    const held = subscription.heldSeq;
    await read();
    expect(subscription.state).toBe('refused');
    expect(subscription.problem).toContain('refused whole');
    expect(subscription.heldSeq).toBe(held);
    expect(await bansOf('76561197960299999')).toEqual([]);
    await db.updateTable('federation_feed').set({ steamid: last.steamid }).where('seq', '=', last.seq).execute();
    const resumed = await inject(here, owner, 'PATCH', `/api/panel/federation/subscriptions/${subscription.id}`, {
      paused: false,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    await read();
    expect(subscription).toMatchObject({ state: 'active', problem: null });
    expect((await bansOf('76561197960287950'))[0]?.status).toBe('active');
    expect(id).toBeGreaterThan(0);
  });

  it("stops on the origin's new key until the owner pins its fingerprint", async () => {
    expect((await inject(origin, originOwner, 'POST', '/api/panel/federation/key')).statusCode).toBe(200);
    await originBan('76561197960287951', 'aimbot');
    await read();
    expect(subscription.state).toBe('key-changed');
    expect(subscription.problem).toContain(await fingerprint());
    expect((await bansOf('76561197960287951')).length).toBe(0);
    const wrong = await inject(here, owner, 'PATCH', `/api/panel/federation/subscriptions/${subscription.id}`, {
      fingerprint: subscription.fingerprint,
    });
    expect(wrong.statusCode).toBe(200);
    expect(federationSubscriptionSchema.parse(wrong.json()).state).toBe('key-changed');
    const bad = await inject(here, owner, 'PATCH', `/api/panel/federation/subscriptions/${subscription.id}`, {
      fingerprint: (await fingerprint()).replace(/^..../, '0000'),
    });
    expect(bad.statusCode).toBe(400);
    const pinned = await inject(here, owner, 'PATCH', `/api/panel/federation/subscriptions/${subscription.id}`, {
      fingerprint: await fingerprint(),
    });
    expect(pinned.statusCode).toBe(200);
    await read();
    expect(subscription.state).toBe('active');
    expect((await bansOf('76561197960287951'))[0]?.status).toBe('active');
  });

  it('catches up a long feed page after page; a burst of new bans pauses the feed for review', async () => {
    const db = origin.database.db as unknown as Kysely<FederationTables>;
    const bans = origin.database.db;
    const now = Math.floor(Date.now() / 1000);
    // 1,200 old bans (made over the last 60 days, before this subscription's burst window).
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      type: 'ban' as const,
      steamid: String(76561197970000000n + BigInt(i)),
      ip: null,
      player_name: null,
      player_name_search: null,
      reason: 'aimbot',
      created_at: now - 2 * 86_400 - i * 3600,
      length: null,
      expires_at: null,
      admin_id: null,
      admin_name: 'Console',
      server_id: null,
      unbanned_at: null,
      unbanned_by_id: null,
      unbanned_by_name: null,
      unban_reason: null,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await bans
        .insertInto('bans')
        .values(rows.slice(i, i + 200))
        .execute();
    await syncFeed(db, site);
    await read();
    expect(subscription.state).toBe('active');
    expect(subscription.applied).toBeGreaterThanOrEqual(1200);
    // Then 250 new ones within the hour: far above the usual rate.
    const fresh = rows.slice(0, 250).map((row, i) => ({
      ...row,
      steamid: String(76561197980000000n + BigInt(i)),
      created_at: now,
    }));
    await bans.insertInto('bans').values(fresh).execute();
    await syncFeed(db, site);
    await read();
    expect(subscription.state).toBe('paused');
    expect(subscription.problem).toContain('Paused for review');
    expect(subscription.pending).toBe(250);
    expect(await bansOf(fresh[0]?.steamid ?? '')).toEqual([]);
  });
});
