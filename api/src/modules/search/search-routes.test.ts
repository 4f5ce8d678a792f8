import { searchResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, seedServer } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { playersBansNotesService } from '../players-bans-notes';

const BOB = '76561197962734863';

describe.each(testDatabases())('GET /api/search on $name', (kind) => {
  let t: TestApp;
  let staff: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedServer(t, 's1', 'Bobcat Versus');
    staff = await signInAs(t, { codes: ['players.view', 'players.view-ips', 'notes.*', 'bans.*'] });
    await playersBansNotesService.recordConnect(t.database.db, {
      steamid: BOB,
      name: 'Bob',
      ip: '198.51.100.77',
      serverId: 's1',
      at: 1_700_000_000,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/bans',
      headers: staff.headers,
      payload: { steamid: BOB, ip: '198.51.100.77', reason: 'Wallhack', length: null },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: staff.headers,
      payload: { steamid: BOB, body: 'secret staff note', isPublic: false },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: staff.headers,
      payload: { steamid: BOB, body: 'public praise', isPublic: true },
    });
  });
  afterAll(async () => t?.close());

  const search = async (q: string, headers?: SignedIn['headers']) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers });
    expect(response.statusCode).toBe(200);
    return { body: response.body, result: searchResponseSchema.parse(json(response)) };
  };

  it('finds a ban by words of its reason, in any case, and escapes LIKE wildcards', async () => {
    for (const q of ['wallhack', 'WALLH', 'allha']) {
      const bans = (await search(q)).result.groups.find((group) => group.kind === 'ban');
      expect(
        bans?.hits.map((hit) => hit.subtitle),
        q,
      ).toEqual(['Wallhack']);
    }
    // % and _ are literal: they match no reason here.
    for (const q of ['%', '_', 'wall%']) {
      expect(
        (await search(q)).result.groups.find((group) => group.kind === 'ban'),
        q,
      ).toBeUndefined();
    }
  });

  it("gives a ban hit its state and date and a note hit its date (the results page's badge and time)", async () => {
    const { result } = await search(BOB, staff.headers);
    const ban = result.groups.find((group) => group.kind === 'ban')?.hits[0];
    expect(ban?.status).toBe('active');
    expect(ban?.createdAt).toBeGreaterThan(1_700_000_000);
    const note = result.groups.find((group) => group.kind === 'note')?.hits[0];
    expect(note?.createdAt).toBeGreaterThan(1_700_000_000);
    expect(note?.status).toBeUndefined();
    const player = result.groups.find((group) => group.kind === 'player')?.hits[0];
    expect(player).not.toHaveProperty('createdAt');
  });

  it('blank q does nothing', async () => {
    expect((await search('   ')).result).toEqual({ query: '', groups: [] });
    expect((await search('')).result).toEqual({ query: '', groups: [] });
  });

  it('answers one ranked, grouped result for any id form', async () => {
    const { result } = await search('STEAM_0:1:1234567', staff.headers);
    expect(result.groups.map((g) => g.kind)).toEqual(['player', 'ban', 'note']);
    expect(result.groups[0]?.hits[0]).toMatchObject({
      kind: 'player',
      id: BOB,
      title: 'Bob',
      score: 100,
      link: `/admin/players/${BOB}`,
    });
    expect(result.groups[2]?.hits).toHaveLength(2);
  });

  it('ranks by name: players, bans and servers matching "bob"', async () => {
    const { result } = await search('bob', staff.headers);
    const kinds = result.groups.map((g) => g.kind);
    expect(kinds).toEqual(expect.arrayContaining(['player', 'ban', 'server']));
    expect(result.groups[0]?.hits[0]?.score).toBe(80);
    expect(result.groups.find((g) => g.kind === 'server')?.hits[0]).toMatchObject({
      title: 'Bobcat Versus',
      score: 60,
    });
  });

  it('anonymous visitors get public things only: no players, no IPs, no staff-only notes', async () => {
    const { result, body } = await search(BOB);
    expect(result.groups.map((g) => g.kind)).toEqual(['ban', 'note']);
    expect(body).not.toContain('198.51.100.77');
    expect(body).not.toContain('secret staff note');
    expect(result.groups[0]?.hits[0]?.link).toMatch(/^\/bans\?q=/);
    expect((await search('198.51.100.77')).result.groups).toEqual([]);
  });

  it('refuses an oversized q', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/search?q=${'a'.repeat(201)}` })).statusCode).toBe(400);
  });
});
