import { leaderboardResponseSchema, playerPlaytimeResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../../lib/clock';
import { eventBus } from '../../../lib/event-bus';
import { FakePlugin } from '../../../test-support/fakes/fake-plugin';
import { serveTwoServers } from '../../../test-support/game-fixtures';
import { json } from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { periodShares, weekKey } from './player-sessions';

// Issue 28 items 3 and 4: sessions from the plugin's connect and disconnect events (sent over
// real HTTP), closed by a disconnect, by a connect without one, and by the server going offline;
// leaderboards per server group and period, a player's ranks and sessions, as JSON and CSV.

const A = '76561197960400101'; // s1: one hour
const B = '76561197960400102'; // s1: two hours
const C = '76561197960400103'; // s2: half an hour
const D = '76561197960400104'; // s1: connects twice without a disconnect
const E = '76561197960400105'; // s1: still on when the server goes offline
const SELF = '76561197960400106'; // a member who played, reading their own ranks
/** Players tied with SELF (the last test: keyset pages across ties). */
const TIED = ['76561197960400111', '76561197960400112', '76561197960400113'];

describe('periodShares', () => {
  it('splits a session over the weeks and months it crosses (UTC, weeks from Monday)', () => {
    // Sunday 2026-11-29 23:00 to Tuesday 2026-12-01 01:00 UTC.
    const start = Date.UTC(2026, 10, 29, 23) / 1000;
    const end = Date.UTC(2026, 11, 1, 1) / 1000;
    expect(periodShares(start, end)).toEqual([
      ['all', 26 * 3600],
      ['w2026-11-23', 3600],
      ['w2026-11-30', 25 * 3600],
      ['m2026-11', 25 * 3600],
      ['m2026-12', 3600],
    ]);
    expect(weekKey(Date.UTC(2026, 10, 30) / 1000)).toBe('w2026-11-30');
    expect(periodShares(start, start)).toEqual([]);
  });
});

describe.each(testDatabases())('player sessions and leaderboards on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let staff: SignedIn;
  let s1: FakePlugin;
  let s2: FakePlugin;
  const now = nowSeconds();

  async function send(plugin: FakePlugin, type: 'connect' | 'disconnect', steamid: string, at: number) {
    const sent = await plugin.postEvents([
      FakePlugin.event(type, { steamid, name: `P${steamid.slice(-3)}`, timestamp: at }),
    ]);
    expect(sent.status).toBe(200);
    expect(sent.body.accepted).toBe(1);
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers });

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, { name: 'Owner', codes: ['servers.tokens', 'players.view'], flags: 'z', immunity: 99 });
    staff = await signInAs(t, { name: 'Staff', codes: ['players.view'] });
    [s1, s2] = await serveTwoServers(t, owner, '76561197960400199');
    await send(s1, 'connect', A, now - 2 * 3600);
    await send(s1, 'disconnect', A, now - 3600);
    await send(s1, 'connect', B, now - 3 * 3600);
    await send(s1, 'disconnect', B, now - 3600);
    await send(s2, 'connect', C, now - 1800);
    await send(s2, 'disconnect', C, now - 60);
    await send(s1, 'connect', SELF, now - 700);
    await send(s1, 'disconnect', SELF, now - 100);
  });
  afterAll(async () => t?.close());

  it('ranks a group’s players by playtime, most first, for all time, the week and the month', async () => {
    const response = await get('/leaderboards/g-s1?period=all');
    expect(response.statusCode).toBe(200);
    const board = leaderboardResponseSchema.parse(json(response));
    expect(board).toMatchObject({ groupId: 'g-s1', groupName: 'Versus', period: 'all', periodKey: 'all', offset: 0 });
    expect(board.entries.map((e) => [e.rank, e.steamid, e.seconds])).toEqual([
      [1, B, 7200],
      [2, A, 3600],
      [3, SELF, 600],
    ]);
    expect(board.entries[0]?.name).toBe('P102');
    const week = leaderboardResponseSchema.parse(json(await get('/leaderboards/g-s1?period=week')));
    expect(week.periodKey).toBe(weekKey(now));
    // The week's seconds are the part of each session since Monday 00:00 UTC.
    const monday = Number(new Date(`${weekKey(now).slice(1)}T00:00:00Z`)) / 1000;
    const inWeek = (start: number, end: number) => Math.max(0, end - Math.max(start, monday));
    expect(week.entries.find((e) => e.steamid === B)?.seconds ?? 0).toBe(inWeek(now - 3 * 3600, now - 3600));
    const page = leaderboardResponseSchema.parse(json(await get('/leaderboards/g-s1?period=all&offset=1&limit=1')));
    expect(page.entries).toEqual([expect.objectContaining({ rank: 2, steamid: A })]);
    const other = leaderboardResponseSchema.parse(json(await get('/leaderboards/g-s2?period=all')));
    expect(other.entries.map((e) => [e.steamid, e.seconds])).toEqual([[C, 1740]]);
  });

  it('answers the leaderboard as CSV', async () => {
    const response = await get('/leaderboards/g-s1?period=all&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('leaderboard-g-s1-all.csv');
    expect(response.body).toBe(
      `rank,steamid,name,seconds\r\n1,${B},P102,7200\r\n2,${A},P101,3600\r\n3,${SELF},P106,600\r\n`,
    );
    const accepted = await get('/leaderboards/g-s1', { accept: 'text/csv' });
    expect(accepted.headers['content-type']).toMatch(/^text\/csv/);
  });

  it('refuses bad input and unknown groups', async () => {
    for (const query of ['period=year', 'limit=0', 'limit=501', 'offset=-1', 'offset=10001', 'format=xml']) {
      const refused = await get(`/leaderboards/g-s1?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(json(refused)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const unknown = await get('/leaderboards/nope');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('closes an open session at a connect without a disconnect before it (at most 12 hours)', async () => {
    await send(s1, 'connect', D, now - 20 * 3600);
    await send(s1, 'connect', D, now - 1000);
    await send(s1, 'disconnect', D, now - 400);
    const mine = playerPlaytimeResponseSchema.parse(json(await get(`/players/${D}/playtime`, staff.headers)));
    expect(mine.sessions.map((s) => [s.serverId, s.start, s.end])).toEqual([
      ['s1', now - 1000, now - 400],
      ['s1', now - 20 * 3600, now - 8 * 3600],
    ]);
    expect(mine.sessions[0]?.serverName).toBe('Versus #1');
    expect(mine.ranks.find((r) => r.period === 'all')).toEqual({
      groupId: 'g-s1',
      groupName: 'Versus',
      period: 'all',
      rank: 1,
      seconds: 12 * 3600 + 600,
    });
  });

  it('closes the sessions on a server the status sweep sees offline', async () => {
    await send(s1, 'connect', E, now - 300);
    eventBus(t.app.db).emit('sweep.finished', {
      at: now - 100,
      durationMs: 1,
      servers: 2,
      answered: 1,
      statuses: [
        { id: 's1', online: false },
        { id: 's2', online: true },
      ],
    });
    let sessions: unknown[] = [];
    for (let i = 0; i < 50 && sessions.length === 0; i += 1) {
      sessions = playerPlaytimeResponseSchema.parse(json(await get(`/players/${E}/playtime`, staff.headers))).sessions;
      if (sessions.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sessions).toEqual([{ serverId: 's1', serverName: 'Versus #1', start: now - 300, end: now - 100 }]);
    // Closed once: the disconnect that follows adds nothing.
    await send(s1, 'disconnect', E, now - 50);
    const after = playerPlaytimeResponseSchema.parse(json(await get(`/players/${E}/playtime`, staff.headers)));
    expect(after.sessions).toHaveLength(1);
  });

  it('exports a player’s sessions as CSV', async () => {
    const response = await get(`/players/${A}/playtime?format=csv`, staff.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.body).toBe(
      `server_id,server_name,start,end,seconds\r\ns1,Versus #1,${now - 7200},${now - 3600},3600\r\n`,
    );
  });

  it('shows a player their own ranks; refuses strangers and members without players.view', async () => {
    const self = await signInAs(t, { name: 'Self', steamid: SELF, codes: [] });
    const own = await get(`/players/${SELF}/playtime`, self.headers);
    expect(own.statusCode).toBe(200);
    expect(playerPlaytimeResponseSchema.parse(json(own)).ranks).toContainEqual(
      expect.objectContaining({ groupId: 'g-s1', period: 'all', rank: 4, seconds: 600 }),
    );
    for (const format of ['', '?format=csv']) {
      const anonymous = await get(`/players/${A}/playtime${format}`);
      expect(anonymous.statusCode).toBe(401);
      const refused = await get(`/players/${A}/playtime${format}`, self.headers);
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({ error: 'FORBIDDEN' });
      expect(refused.body).not.toContain('Versus');
    }
    expect((await get(`/players/${A}/playtime?limit=0`, staff.headers)).statusCode).toBe(400);
    expect((await get('/players/not-a-steam-id/playtime', staff.headers)).statusCode).toBe(404);
  });

  it('pages the leaderboard by keyset cursor: each page one seek past the last row, ranks running on', async () => {
    // Three more players with SELF's 600 seconds: ties are ordered by Steam id, highest first, across pages.
    for (const tied of TIED) {
      await send(s1, 'connect', tied, now - 900);
      await send(s1, 'disconnect', tied, now - 300);
    }
    const board = async (query: string) => {
      const response = await get(`/leaderboards/g-s1?period=all&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return leaderboardResponseSchema.parse(json(response));
    };
    const whole = await board('limit=500');
    expect(whole.nextCursor).toBeNull();
    const walked: Array<[number, string, number]> = [];
    let page = await board('limit=1');
    expect(page.offset).toBe(0);
    for (let pages = 0; pages < 50; pages++) {
      walked.push(...page.entries.map((e): [number, string, number] => [e.rank, e.steamid, e.seconds]));
      if (page.nextCursor === null) break;
      const next = await board(`limit=1&cursor=${page.nextCursor}`);
      expect(next.offset).toBe(walked.length);
      page = next;
    }
    expect(walked).toEqual(whole.entries.map((e) => [e.rank, e.steamid, e.seconds]));
    expect(walked.map(([rank]) => rank)).toEqual(walked.map((_, i) => i + 1));
    const ties = walked.filter(([, , seconds]) => seconds === 600).map(([, steamid]) => steamid);
    expect(ties).toEqual([...TIED, SELF].sort().reverse());
    // The offset of a page and the cursor to it agree.
    const second = await board('limit=1&offset=1');
    const viaCursor = await board(`limit=1&cursor=${(await board('limit=1')).nextCursor}`);
    expect(viaCursor.entries).toEqual(second.entries);
    for (const cursor of [
      'nope',
      Buffer.from('[1,2,3]').toString('base64url'),
      Buffer.from(`[1,"${A}",0]`).toString('base64url'),
    ]) {
      const refused = await get(`/leaderboards/g-s1?period=all&cursor=${cursor}`);
      expect(refused.statusCode, cursor).toBe(400);
      expect(json(refused)).toMatchObject({ error: 'INVALID_CURSOR', message: expect.any(String) });
    }
  });
});
