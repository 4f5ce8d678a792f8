import {
  type FederationEntry,
  federationFeedPageSchema,
  federationPublishingViewSchema,
  federationWellKnownSchema,
} from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedServer } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { GENESIS, publicKeyFromRaw, verifyPage } from './feed-chain';
import { syncFeed } from './feed-publisher';
import type { FederationTables } from './tables';

// Federation, the publishing side (issue 29): the well-known document, the opt-in, the signed
// chain of entries for bans made, changed and lifted, and what never leaves the site.

const CHEATER = '76561197960287930';
const SPAMMER = '76561197960287931';
const GRIEFER = '76561197960287932';

describe.each(testDatabases())('federation publishing on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let moderator: SignedIn;
  let member: SignedIn;
  const db = () => t.database.db as unknown as Kysely<FederationTables>;
  const sync = () => syncFeed(db(), TEST_PUBLIC_URL);

  const call = (who: SignedIn | null, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });
  const ban = async (steamid: string, reason: string, extra: Record<string, unknown> = {}) => {
    const response = await call(owner, 'POST', '/api/bans', { steamid, reason, length: 86_400, ...extra });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: number }).id;
  };
  const feed = async (since = 0) => {
    const response = await call(null, 'GET', `/api/federation/feed?since=${since}`);
    expect(response.statusCode).toBe(200);
    return federationFeedPageSchema.parse(response.json());
  };
  const publish = (payload: object, who: SignedIn | null = owner) =>
    call(who, 'PUT', '/api/panel/federation/publishing', payload);
  const key = async () => {
    const known = federationWellKnownSchema.parse(
      (await call(null, 'GET', '/.well-known/outpost-federation.json')).json(),
    );
    const publicKey = publicKeyFromRaw(known.publicKey);
    if (!publicKey) throw new Error('the well-known key is not an Ed25519 key');
    return { known, publicKey };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, { name: 'Owner', flags: 'z' });
    moderator = await signInAs(t, { name: 'Moderator', codes: ['players.view', 'bans.create', 'bans.edit'] });
    member = await signInAs(t, { name: 'Member' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('describes the site at the well-known address: its key, fingerprint and feed, and no private key', async () => {
    const response = await call(null, 'GET', '/.well-known/outpost-federation.json');
    expect(response.statusCode).toBe(200);
    const { known } = await key();
    expect(known.site).toBe(TEST_PUBLIC_URL);
    expect(known.feed).toBe(`${TEST_PUBLIC_URL}/api/federation/feed`);
    expect(known.appeals).toBe(`${TEST_PUBLIC_URL}/bans/appeals`);
    expect(known.publishing).toBe(false);
    expect(known.fingerprint).toMatch(/^([0-9a-f]{4}:){15}[0-9a-f]{4}$/);
    expect(response.body).not.toContain('PRIVATE');
    // The key is made once: every read shows the same one.
    expect((await key()).known.publicKey).toBe(known.publicKey);
  });

  it('publishes nothing until the owner opts in', async () => {
    await ban(CHEATER, 'Aimbot on c1m1');
    await sync();
    const page = await feed();
    expect(page.entries).toEqual([]);
    expect(page.head).toBe(0);
  });

  it('lets only those with panel.settings see or change what is published, and refuses bad settings', async () => {
    expect((await call(null, 'GET', '/api/panel/federation/publishing')).statusCode).toBe(401);
    expect((await call(member, 'GET', '/api/panel/federation/publishing')).statusCode).toBe(403);
    expect((await call(moderator, 'GET', '/api/panel/federation/publishing')).statusCode).toBe(403);
    const good = { enabled: true, kinds: ['ban'], rules: [{ pattern: '*aimbot*', category: 'cheating' }] };
    for (const who of [null, member, moderator]) expect([401, 403]).toContain((await publish(good, who)).statusCode);
    expect((await call(member, 'POST', '/api/panel/federation/key')).statusCode).toBe(403);
    for (const bad of [
      {},
      { ...good, enabled: 'yes' },
      { ...good, kinds: ['kick'] },
      { ...good, rules: [{ pattern: '', category: 'cheating' }] },
      { ...good, rules: [{ pattern: '*', category: 'murder' }] },
      { ...good, extra: 1 },
    ]) {
      const response = await publish(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    // Nothing was changed by the refused calls.
    const shown = federationPublishingViewSchema.parse(
      (await call(owner, 'GET', '/api/panel/federation/publishing')).json(),
    );
    expect(shown.enabled).toBe(false);
  });

  it('once on, publishes standing bans whose reason a rule maps, with only the public fields', async () => {
    const saved = await publish({
      enabled: true,
      kinds: ['ban'],
      rules: [
        { pattern: '*aimbot*', category: 'cheating' },
        { pattern: 'WALL?ACK*', category: 'cheating' },
        { pattern: 'spam*', category: 'spam' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    // The ban made before the opt-in is published now; these others are not: no rule, a mute, IP only.
    await ban(GRIEFER, 'Teamkilling');
    await ban(SPAMMER, 'Spamming chat', { type: 'mute' });
    await call(owner, 'POST', '/api/bans', { ip: '203.0.113.9', reason: 'Aimbot', length: 3600 });
    await ban(SPAMMER, 'wallhack / aimbot', { length: null });
    // Held to one server or one group: not news for the whole community (scope community-wide only).
    await seedServer(t, 'fed-s1', 'Versus #1');
    await ban(GRIEFER, 'aimbot on one server', { scope: { kind: 'server', serverId: 'fed-s1' } });
    await ban(GRIEFER, 'aimbot in one group', { scope: { kind: 'group', groupId: 'g-fed-s1' } });
    await sync();
    const page = await feed();
    expect(page.entries.map((entry) => [entry.action, entry.steamid, entry.category])).toEqual([
      ['ban', CHEATER, 'cheating'],
      ['ban', SPAMMER, 'cheating'],
    ]);
    for (const entry of page.entries) {
      expect(Object.keys(entry).sort()).toEqual(
        [
          'action',
          'category',
          'createdAt',
          'entryId',
          'expiresAt',
          'hash',
          'kind',
          'length',
          'liftedAt',
          'prev',
          'publishedAt',
          'seq',
          'signature',
          'steamid',
        ].sort(),
      );
    }
    const text = JSON.stringify(page);
    for (const secret of ['Aimbot on c1m1', 'wallhack', '203.0.113.9', 'Owner']) expect(text).not.toContain(secret);
    expect(page.entries[1]?.length).toBeNull();
  });

  it('publishes a changed length as an update and a lift as a lift; reading again appends nothing', async () => {
    const before = await feed();
    const first = before.entries[0] as FederationEntry;
    const id = Number(first.entryId);
    expect((await call(owner, 'PATCH', `/api/bans/${id}`, { length: 7 * 86_400 })).statusCode).toBe(200);
    await sync();
    expect((await call(owner, 'POST', `/api/bans/${id}/unban`, { reason: 'Appeal accepted' })).statusCode).toBe(200);
    await sync();
    await sync();
    const after = await feed(before.head);
    expect(after.entries.map((entry) => [entry.action, entry.entryId])).toEqual([
      ['update', first.entryId],
      ['lift', first.entryId],
    ]);
    expect(after.entries[0]?.length).toBe(7 * 86_400);
    expect(after.entries[1]?.liftedAt).toEqual(expect.any(Number));
    expect(JSON.stringify(after)).not.toContain('Appeal accepted');
  });

  it('lifts what a rule no longer covers when the owner narrows publishing', async () => {
    const before = await feed();
    await publish({ enabled: true, kinds: ['ban'], rules: [{ pattern: 'spam*', category: 'spam' }] });
    const after = await feed(before.head);
    expect(after.entries.map((entry) => entry.action)).toEqual(['lift']);
    expect(after.entries[0]?.steamid).toBe(SPAMMER);
  });

  it('chains and signs the feed so a subscriber verifies it whole, and refuses every tampering', async () => {
    const { known, publicKey } = await key();
    const page = await feed();
    expect(page.fingerprint).toBe(known.fingerprint);
    const held = { seq: 0, hash: GENESIS };
    expect(verifyPage(TEST_PUBLIC_URL, page.entries, held, publicKey)).toMatchObject({ ok: true, lastSeq: page.head });
    const entries = page.entries;
    const tampered: [string, FederationEntry[]][] = [
      ['a changed Steam id', entries.map((e, i) => (i === 0 ? { ...e, steamid: '76561197960200000' } : e))],
      ['a changed length', entries.map((e, i) => (i === 1 ? { ...e, length: 60 } : e))],
      ['a changed category', entries.map((e, i) => (i === 0 ? { ...e, category: 'other' as const } : e))],
      ['a dropped entry', entries.filter((_e, i) => i !== 1)],
      ['two entries swapped', [entries[1], entries[0], ...entries.slice(2)] as FederationEntry[]],
      ['an entry replayed', [...entries, entries.at(-1) as FederationEntry]],
      [
        'a forged last signature',
        entries.map((e, i) => (i === entries.length - 1 ? { ...e, signature: entries[0]?.signature ?? '' } : e)),
      ],
    ];
    for (const [what, shape] of tampered) {
      const verdict = verifyPage(TEST_PUBLIC_URL, shape, held, publicKey);
      expect(verdict.ok, what).toBe(false);
    }
    // The same entries claimed by another site, or checked with another key, do not hold.
    expect(verifyPage('https://elsewhere.example', entries, held, publicKey).ok).toBe(false);
    const { generateKeyPairSync } = await import('node:crypto');
    expect(verifyPage(TEST_PUBLIC_URL, entries, held, generateKeyPairSync('ed25519').publicKey).ok).toBe(false);
    // A page after the first verifies from the hash the subscriber holds.
    const rest = await feed(2);
    const second = entries[1] as FederationEntry;
    expect(verifyPage(TEST_PUBLIC_URL, rest.entries, { seq: 2, hash: second.hash }, publicKey).ok).toBe(true);
  });

  it('answers 304 to a conditional request when nothing was added, and pages by since/limit', async () => {
    const first = await call(null, 'GET', '/api/federation/feed?since=0&limit=2');
    const etag = first.headers.etag as string;
    const page = federationFeedPageSchema.parse(first.json());
    expect(page.entries).toHaveLength(2);
    expect(page.next).toBe(2);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/federation/feed?since=0&limit=2',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    for (const bad of ['since=-1', 'since=abc', 'limit=0', 'limit=5000'])
      expect((await call(null, 'GET', `/api/federation/feed?${bad}`)).statusCode).toBe(400);
  });

  it('rotating the key re-signs the feed: it verifies with the new key only', async () => {
    const old = await key();
    const rotated = await call(owner, 'POST', '/api/panel/federation/key');
    expect(rotated.statusCode).toBe(200);
    const now = await key();
    expect(now.known.fingerprint).not.toBe(old.known.fingerprint);
    expect(federationPublishingViewSchema.parse(rotated.json()).fingerprint).toBe(now.known.fingerprint);
    const page = await feed();
    expect(page.fingerprint).toBe(now.known.fingerprint);
    const held = { seq: 0, hash: GENESIS };
    expect(verifyPage(TEST_PUBLIC_URL, page.entries, held, now.publicKey).ok).toBe(true);
    expect(verifyPage(TEST_PUBLIC_URL, page.entries, held, old.publicKey).ok).toBe(false);
  });

  it('never forks the chain when several syncs run at once (several instances)', async () => {
    for (const steamid of ['76561197960288001', '76561197960288002', '76561197960288003'])
      await ban(steamid, 'spam bot');
    await Promise.all([sync(), sync(), sync()]);
    const { publicKey } = await key();
    const page = await feed();
    expect(verifyPage(TEST_PUBLIC_URL, page.entries, { seq: 0, hash: GENESIS }, publicKey).ok).toBe(true);
    const published = page.entries.filter((entry) => entry.action === 'ban').map((entry) => entry.entryId);
    expect(new Set(published).size).toBe(published.length);
  });
});
