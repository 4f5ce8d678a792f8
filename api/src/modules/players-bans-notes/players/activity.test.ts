import { playerActivityResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../../lib/clock';
import { FakePlugin } from '../../../test-support/fakes/fake-plugin';
import { serveTwoServers } from '../../../test-support/game-fixtures';
import { banMaker, json } from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import type { PlayersBansNotesTables } from '../tables';

// Issue 28 item 3: a player's activity per UTC day for staff. Sessions and chat come from the
// plugin's events over real HTTP (with past timestamps); today's ban through POST /api/bans; the
// older bans, notes, warnings and reports are written with past times straight to their tables,
// since their endpoints stamp "now".

const P = '76561197960500101';
const OTHER = '76561197960500102';
const DAY = 86400;

describe.each(testDatabases())('player activity on $name', (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let member: SignedIn;
  let self: SignedIn;
  let s1: FakePlugin;
  const now = nowSeconds();
  const today = Math.floor(now / DAY);
  const iso = (day: number) => new Date(day * DAY * 1000).toISOString().slice(0, 10);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const owner = await signInAs(t, {
      name: 'Owner',
      codes: ['servers.tokens', 'players.view', 'bans.create'],
      flags: 'z',
      immunity: 99,
    });
    staff = await signInAs(t, { name: 'Staff', codes: ['players.view'] });
    member = await signInAs(t, { name: 'Member', codes: [] });
    self = await signInAs(t, { name: 'Self', steamid: P, codes: [] });
    [s1] = await serveTwoServers(t, owner, '76561197960500199');
    const ev = (type: 'connect' | 'disconnect', steamid: string, at: number) =>
      FakePlugin.event(type, { steamid, name: 'Pat', timestamp: at });
    const chat = (steamid: string, at: number) =>
      FakePlugin.event('chat', { steamid, name: 'Pat', message: 'gg', team: false, timestamp: at });
    const sent = await s1.postEvents([
      // Two hours across midnight 3 days ago: one hour on each side.
      ev('connect', P, (today - 2) * DAY - 3600),
      ev('disconnect', P, (today - 2) * DAY + 3600),
      // 40 days ago: outside 30 days, inside 90.
      ev('connect', P, (today - 40) * DAY + 100),
      ev('disconnect', P, (today - 40) * DAY + 700),
      chat(P, (today - 2) * DAY + 10),
      chat(P, (today - 2) * DAY + 20),
      chat(P, (today - 1) * DAY + 5),
      chat(OTHER, (today - 1) * DAY + 5),
    ]);
    expect(sent.body.accepted).toBe(8);
    await banMaker(t, owner, P)();
    const db = t.database.db as unknown as import('kysely').Kysely<PlayersBansNotesTables>;
    const at = (day: number) => (today - day) * DAY + 500;
    await db
      .insertInto('notes')
      .values([
        {
          steamid: P,
          body: 'n',
          is_public: 0,
          author_id: null,
          author_name: 'A',
          created_at: at(5),
          updated_at: at(5),
          deleted_at: null,
        },
        {
          steamid: P,
          body: 'gone',
          is_public: 0,
          author_id: null,
          author_name: 'A',
          created_at: at(5),
          updated_at: at(5),
          deleted_at: at(4),
        },
      ])
      .execute();
    await db
      .insertInto('warnings')
      .values({
        steamid: P,
        player_name: 'Pat',
        reason: 'w',
        author_id: null,
        author_name: 'A',
        author_real_id: null,
        author_real_name: null,
        server_id: null,
        created_at: at(5),
        expires_at: null,
        lifted_at: null,
        lifted_by_id: null,
        lifted_by_name: null,
        lift_reason: null,
        deleted_at: null,
        escalated_ban_id: null,
      })
      .execute();
    const group = await db
      .insertInto('player_report_groups')
      .values({
        target_steamid: P,
        target_name: 'Pat',
        status: 'open',
        report_count: 2,
        first_report_at: at(1),
        last_report_at: at(1),
        claimed_by_id: null,
        claimed_by_name: null,
        claimed_at: null,
        resolution: null,
        resolved_by_id: null,
        resolved_by_name: null,
        resolved_at: null,
        ban_id: null,
        note_id: null,
        comment: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const report = (created: number) => ({
      group_id: Number(group.id),
      source: 'web' as const,
      reporter_id: null,
      reporter_steamid: OTHER,
      reporter_name: 'R',
      reason: 'cheating',
      details: '',
      evidence: '[]',
      server_id: null,
      created_at: created,
    });
    await db
      .insertInto('player_reports')
      .values([report(at(1)), report(at(1))])
      .execute();
  });
  afterAll(async () => t?.close());

  it('answers every UTC day of the last 30, oldest first, with each kind counted on its day', async () => {
    const response = await get(`/players/${P}/activity`, staff.headers);
    expect(response.statusCode).toBe(200);
    const body = playerActivityResponseSchema.parse(json(response));
    expect(body.days).toBe(30);
    expect(body.buckets).toHaveLength(30);
    expect(body.buckets[0]?.day).toBe(iso(today - 29));
    expect(body.buckets[29]?.day).toBe(iso(today));
    const on = (day: number) => body.buckets.find((b) => b.day === iso(today - day));
    expect(on(3)).toMatchObject({ playSeconds: 3600, chatLines: 0 });
    expect(on(2)).toMatchObject({ playSeconds: 3600, chatLines: 2 });
    expect(on(1)).toMatchObject({ chatLines: 1, reports: 2 });
    expect(on(5)).toMatchObject({ notes: 1, warnings: 1 });
    expect(on(0)).toMatchObject({ bans: 1 });
    const total = (k: 'playSeconds' | 'chatLines' | 'bans' | 'notes' | 'warnings' | 'reports') =>
      body.buckets.reduce((sum, b) => sum + b[k], 0);
    expect([
      total('playSeconds'),
      total('chatLines'),
      total('bans'),
      total('notes'),
      total('warnings'),
      total('reports'),
    ]).toEqual([7200, 3, 1, 1, 1, 2]);
  });

  it('reaches back 90 and 365 days; other ranges are 400', async () => {
    const ninety = playerActivityResponseSchema.parse(json(await get(`/players/${P}/activity?days=90`, staff.headers)));
    expect(ninety.buckets).toHaveLength(90);
    expect(ninety.buckets.find((b) => b.day === iso(today - 40))?.playSeconds).toBe(600);
    const year = json(await get(`/players/${P}/activity?days=365`, staff.headers));
    expect(year.buckets).toHaveLength(365);
    for (const bad of ['7', 'abc', '-30']) {
      const response = await get(`/players/${P}/activity?days=${bad}`, staff.headers);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it('answers CSV with ?format=csv', async () => {
    const response = await get(`/players/${P}/activity?format=csv`, staff.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('day,play_seconds,chat_lines,bans,notes,warnings,reports');
    expect(lines).toHaveLength(31);
    expect(lines).toContain(`${iso(today - 2)},3600,2,0,0,0,0`);
  });

  it('refuses anonymous (401), members without players.view (403) and the player themself (403)', async () => {
    expect((await get(`/players/${P}/activity`)).statusCode).toBe(401);
    const refused = await get(`/players/${P}/activity`, member.headers);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ error: 'FORBIDDEN' });
    expect((await get(`/players/${P}/activity`, self.headers)).statusCode).toBe(403);
    // The same player may read their own playtime: the timeline is the staff-only part.
    expect((await get(`/players/${P}/playtime`, self.headers)).statusCode).toBe(200);
  });

  it('404s an id that is no Steam id', async () => {
    expect((await get('/players/not-a-player/activity', staff.headers)).statusCode).toBe(404);
  });
});
