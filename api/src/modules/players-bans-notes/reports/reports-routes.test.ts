import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMUNITY_EVENT_KINDS, type CommunityEvent } from '../../../lib/community-events';
import { eventBus } from '../../../lib/event-bus';
import { rowCount } from '../../../test-support/app-queries';
import { FakePlugin } from '../../../test-support/fakes/fake-plugin';
import { json, seedServer } from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

// Player reports end to end on the real app: filing from the site and from a game server,
// grouping, the per-reporter limit, claim and one-step resolution, the reporters' notices.

const TARGET = '76561197962734863'; // STEAM_1:1:1234567
const OTHER_TARGET = '76561197960287930'; // STEAM_1:0:11101
const REPORTER_STEAM = '76561197960265731'; // STEAM_1:1:1
const GAME_REPORTER = '76561197960265733'; // STEAM_1:1:2

describe.each(testDatabases())('player reports on $name', (kind) => {
  let t: TestApp;
  let reporter: SignedIn;
  let staff: SignedIn;
  let plugin: FakePlugin;
  const events: CommunityEvent[] = [];

  const inject = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers, ...(payload ? { payload } : {}) });
  const counts = async () => {
    const n = (table: 'player_reports' | 'player_report_groups' | 'bans' | 'notes') => rowCount(t, table);
    return {
      reports: await n('player_reports'),
      groups: await n('player_report_groups'),
      bans: await n('bans'),
      notes: await n('notes'),
    };
  };
  const clearReports = async () => {
    await t.database.db.deleteFrom('player_reports').execute();
    await t.database.db.deleteFrom('player_report_groups').execute();
  };
  const notificationsOf = async (who: SignedIn) =>
    json(await inject('GET', '/api/auth/profile', who)).notifications as Array<{ message: string; level: number }>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await seedServer(t, 's1', 'Versus #1');
    reporter = await signInAs(t, { name: 'Reporter', steamid: REPORTER_STEAM });
    staff = await signInAs(t, {
      name: 'Moderator',
      codes: ['reports.manage', 'bans.*', 'notes.create', 'notes.view-private', 'servers.tokens'],
      immunity: 50,
    });
    const created = await inject('POST', '/api/game-tokens/s1', staff);
    expect(created.statusCode).toBe(201);
    plugin = new FakePlugin(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, json(created).token);
    eventBus(t.database.db).observe(COMMUNITY_EVENT_KINDS, (event) => events.push(event as CommunityEvent));
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await clearReports();
    events.length = 0;
  });

  it('files a report from the site and one from in game into one queue row', async () => {
    const web = await inject('POST', '/api/reports', reporter, {
      target: 'STEAM_0:1:1234567',
      reason: 'cheating',
      details: 'Aimbot on every round',
      evidence: ['https://demos.example.org/round-3.dem', 'http://video.example.org/watch?v=1'],
      serverId: 's1',
    });
    expect(web.statusCode, web.body).toBe(201);
    expect(json(web)).toMatchObject({ targetSteamid: TARGET, reason: 'Cheating', status: 'open' });

    const game = await plugin.report({
      reporter: { steamid: 'STEAM_1:1:2', name: 'Gamer' },
      target: { steamid: '[U:1:2469135]', name: 'Bob' },
      reason: 'Griefing',
      details: 'Team killing',
    });
    expect(game.status, game.text).toBe(201);

    const queue = json(await inject('GET', '/api/reports/groups', staff));
    expect(queue.openCount).toBe(1);
    expect(queue.groups).toHaveLength(1);
    const [group] = queue.groups;
    expect(group).toMatchObject({
      targetSteamid: TARGET,
      targetName: 'Bob',
      status: 'open',
      reportCount: 2,
      reasons: ['Cheating', 'Griefing'],
      claimedById: null,
    });
    expect(group.reports.map((r: { reporterName: string; source: string }) => [r.reporterName, r.source])).toEqual([
      ['Reporter', 'web'],
      ['Gamer', 'game'],
    ]);
    expect(group.reports[0]).toMatchObject({
      evidence: ['https://demos.example.org/round-3.dem', 'http://video.example.org/watch?v=1'],
      serverId: 's1',
      serverName: 'Versus #1',
      reporterSteamid: REPORTER_STEAM,
    });
    expect(group.reports[1]).toMatchObject({ reporterSteamid: GAME_REPORTER, serverId: 's1', details: 'Team killing' });

    // A report.filed event per report, after commit, with no reporter text in it.
    expect(events.map((e) => e.kind)).toEqual(['report.filed', 'report.filed']);
    expect(events[0]).toMatchObject({
      key: `report.filed:${group.reports[0].id}`,
      path: `/admin/reports?group=${group.id}`,
    });
    expect(JSON.stringify(events)).not.toContain('Aimbot');
    expect(events[1]?.fields).toContainEqual({ name: 'Server', value: 'Versus #1' });
  });

  it('starts a new group after the window, and for another player', async () => {
    await inject('POST', '/api/reports', reporter, { target: TARGET, reason: 'Other' });
    // The group's last report was 25 hours ago: past the 24 h default window.
    await t.database.db
      .updateTable('player_report_groups')
      .set({ last_report_at: Math.floor(Date.now() / 1000) - 25 * 3600 })
      .execute();
    await inject('POST', '/api/reports', reporter, { target: TARGET, reason: 'Other' });
    await inject('POST', '/api/reports', reporter, { target: OTHER_TARGET, reason: 'Other' });
    const queue = json(await inject('GET', '/api/reports/groups', staff));
    expect(
      queue.groups.map((g: { reportCount: number; targetSteamid: string }) => [g.targetSteamid, g.reportCount]),
    ).toEqual([
      [TARGET, 1],
      [TARGET, 1],
      [OTHER_TARGET, 1],
    ]);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = await counts();
    const bad: Array<[object, string]> = [
      [{ target: 'not-a-steam-id', reason: 'Cheating' }, 'VALIDATION_FAILED'],
      [{ target: TARGET, reason: 'Being bad at the game' }, 'UNKNOWN_REASON'],
      [{ target: TARGET, reason: 'Cheating', evidence: ['javascript:alert(1)'] }, 'VALIDATION_FAILED'],
      [{ target: TARGET, reason: 'Cheating', evidence: ['ftp://files.example.org/demo.dem'] }, 'VALIDATION_FAILED'],
      [{ target: TARGET, reason: 'Cheating', evidence: ['/relative/path'] }, 'VALIDATION_FAILED'],
      [{ target: TARGET, reason: 'Cheating', evidence: ['https://user:pw@example.org/x'] }, 'VALIDATION_FAILED'],
      [
        { target: TARGET, reason: 'Cheating', evidence: [`https://example.org/${'a'.repeat(600)}`] },
        'VALIDATION_FAILED',
      ],
      [
        { target: TARGET, reason: 'Cheating', evidence: Array.from({ length: 6 }, (_, i) => `https://e.org/${i}`) },
        'VALIDATION_FAILED',
      ],
      [{ target: TARGET, reason: 'Cheating', details: 'x'.repeat(2001) }, 'VALIDATION_FAILED'],
      [{ target: TARGET, reason: 'Cheating', serverId: 'no-such-server' }, 'UNKNOWN_SERVER'],
      [{ target: TARGET, reason: 'Cheating', extra: 1 }, 'VALIDATION_FAILED'],
      [{ target: REPORTER_STEAM, reason: 'Cheating' }, 'SELF_REPORT'],
      [{ target: 'STEAM_0:1:1', reason: 'Cheating' }, 'SELF_REPORT'],
    ];
    for (const [payload, error] of bad) {
      const response = await inject('POST', '/api/reports', reporter, payload);
      expect([JSON.stringify(payload).slice(0, 80), response.statusCode, json(response).error]).toEqual([
        JSON.stringify(payload).slice(0, 80),
        400,
        error,
      ]);
    }
    const gameBad = [
      { reporter: { steamid: GAME_REPORTER }, target: { steamid: GAME_REPORTER }, reason: 'Cheating' },
      { reporter: { steamid: GAME_REPORTER }, target: { steamid: TARGET }, reason: 'Nope' },
      { reporter: { steamid: 'x' }, target: { steamid: TARGET }, reason: 'Cheating' },
      { target: { steamid: TARGET }, reason: 'Cheating' },
    ];
    for (const payload of gameBad) expect((await plugin.call('POST', '/reports', payload)).status).toBe(400);
    expect(await counts()).toEqual(before);
    expect(events).toEqual([]);
  });

  it('limits each reporter to 3 reports in 10 minutes, on the site and in game alike', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await inject('POST', '/api/reports', reporter, { target: TARGET, reason: 'Cheating' })).statusCode).toBe(
        201,
      );
    }
    const before = await counts();
    const limited = await inject('POST', '/api/reports', reporter, { target: OTHER_TARGET, reason: 'Cheating' });
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ error: 'REPORTING_TOO_FAST' });
    // In game, the same player (by Steam id) is the same reporter.
    const fromGame = await plugin.report({
      reporter: { steamid: 'STEAM_0:1:1' },
      target: { steamid: OTHER_TARGET },
      reason: 'Cheating',
    });
    expect(fromGame.status).toBe(429);
    expect(await counts()).toEqual(before);
    // Someone else is not limited.
    const other = await signInAs(t, { name: 'Another' });
    expect((await inject('POST', '/api/reports', other, { target: TARGET, reason: 'Cheating' })).statusCode).toBe(201);
  });

  it('claims, refuses a second claimer, lets them take over, and releases', async () => {
    await inject('POST', '/api/reports', reporter, { target: TARGET, reason: 'Griefing' });
    const [group] = json(await inject('GET', '/api/reports/groups', staff)).groups;
    const claimed = await inject('POST', `/api/reports/groups/${group.id}/claim`, staff, {});
    expect(claimed.statusCode).toBe(200);
    expect(json(claimed)).toMatchObject({ claimedById: staff.userId, claimedByName: 'Moderator' });

    const second = await signInAs(t, { name: 'Second', codes: ['reports.manage', 'bans.create'], immunity: 50 });
    const refused = await inject('POST', `/api/reports/groups/${group.id}/claim`, second, {});
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toBe('REPORT_CLAIMED');
    const resolveRefused = await inject('POST', `/api/reports/groups/${group.id}/resolve`, second, {
      action: 'dismiss',
    });
    expect(resolveRefused.statusCode).toBe(409);
    expect((await inject('DELETE', `/api/reports/groups/${group.id}/claim`, second)).statusCode).toBe(409);

    const mine = json(await inject('GET', '/api/reports/groups?claimed=me', second));
    expect(mine.groups).toEqual([]);
    const takeover = await inject('POST', `/api/reports/groups/${group.id}/claim`, second, { force: true });
    expect(json(takeover)).toMatchObject({ claimedByName: 'Second' });
    expect(json(await inject('GET', '/api/reports/groups?claimed=me', second)).groups).toHaveLength(1);

    const released = await inject('DELETE', `/api/reports/groups/${group.id}/claim`, second);
    expect(released.statusCode).toBe(200);
    expect(json(released).claimedById).toBeNull();
    expect(json(await inject('GET', '/api/reports/groups?claimed=none', staff)).groups).toHaveLength(1);

    const log = json(
      await inject('GET', `/api/logs?player=${TARGET}&limit=50`, await signInAs(t, { codes: ['logs.view'] })),
    );
    const lines = log.entries.map((e: { message: string }) => e.message);
    expect(lines.some((l: string) => l.startsWith(`claimed report #${group.id} against`))).toBe(true);
    expect(lines.some((l: string) => l.startsWith(`took over report #${group.id} from Moderator`))).toBe(true);
    expect(lines.some((l: string) => l.startsWith(`released report #${group.id}`))).toBe(true);
  });

  it('resolves a group as a ban in one step: linked ban, every reporter told only that action was taken', async () => {
    await inject('POST', '/api/reports', reporter, { target: TARGET, reason: 'Cheating', details: 'secret detail' });
    await plugin.report({ reporter: { steamid: GAME_REPORTER }, target: { steamid: TARGET }, reason: 'Cheating' });
    const gameReporterAccount = await signInAs(t, { name: 'Game reporter', steamid: GAME_REPORTER });
    const [group] = json(await inject('GET', '/api/reports/groups', staff)).groups;

    const resolved = await inject('POST', `/api/reports/groups/${group.id}/resolve`, staff, {
      action: 'ban',
      reason: 'Cheating (reported)',
      length: 86400,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const view = json(resolved);
    expect(view).toMatchObject({ status: 'resolved', resolution: 'ban', resolvedByName: 'Moderator', noteId: null });
    expect(view.banId).toEqual(expect.any(Number));

    // The webhooks hear of the ban once it committed, as of one made on /bans.
    expect(events.filter((e) => e.kind === 'ban.created').map((e) => e.key)).toEqual([`ban.created:${view.banId}`]);
    const ban = json(await inject('GET', `/api/bans/${view.banId}`));
    expect(ban).toMatchObject({
      steamid: TARGET,
      reason: 'Cheating (reported)',
      status: 'active',
      adminName: 'Moderator',
    });
    // The game servers see it at once: the connect check refuses the player.
    expect((await plugin.check({ steamid: TARGET })).body).toMatchObject({ status: 'banned', banId: view.banId });

    for (const who of [reporter, gameReporterAccount]) {
      const notices = await notificationsOf(who);
      const notice = notices.find((n) => n.message.startsWith('Your report of'));
      expect(notice?.message).toMatch(/^Your report of .+ was reviewed: action taken$/);
      expect(JSON.stringify(notices)).not.toContain('Cheating (reported)');
    }
    const mine = json(await inject('GET', '/api/reports/mine', reporter)).reports;
    expect(mine[0]).toMatchObject({ targetSteamid: TARGET, status: 'reviewed' });
    expect(JSON.stringify(mine)).not.toContain('ban');

    const again = await inject('POST', `/api/reports/groups/${group.id}/resolve`, staff, { action: 'dismiss' });
    expect(again.statusCode).toBe(409);
    expect((await inject('POST', `/api/reports/groups/${group.id}/claim`, staff, {})).statusCode).toBe(409);
    expect(json(await inject('GET', '/api/reports/groups', staff)).openCount).toBe(0);
    expect(json(await inject('GET', '/api/reports/groups?status=resolved', staff)).groups[0].id).toBe(group.id);

    // A new report on the same player after resolution opens a new group.
    await inject('POST', '/api/reports', gameReporterAccount, { target: TARGET, reason: 'Other' });
    expect(json(await inject('GET', '/api/reports/groups', staff)).groups).toHaveLength(1);
    await t.app.inject({
      method: 'POST',
      url: `/api/bans/${view.banId}/unban`,
      headers: staff.headers,
      payload: { reason: 'test over' },
    });
  });

  it('resolves as a note or a dismissal; reporters of a dismissal hear "no action"', async () => {
    await inject('POST', '/api/reports', reporter, { target: TARGET, reason: 'Harassment' });
    const [first] = json(await inject('GET', '/api/reports/groups', staff)).groups;
    const noted = json(
      await inject('POST', `/api/reports/groups/${first.id}/resolve`, staff, {
        action: 'note',
        body: 'Warned about chat',
      }),
    );
    expect(noted).toMatchObject({ resolution: 'note', banId: null });
    const note = json(await inject('GET', `/api/notes/${noted.noteId}`, staff));
    expect(note).toMatchObject({ steamid: TARGET, body: 'Warned about chat', isPublic: false });

    await inject('POST', '/api/reports', reporter, { target: OTHER_TARGET, reason: 'Exploiting' });
    const [second] = json(await inject('GET', '/api/reports/groups', staff)).groups;
    const dismissed = json(
      await inject('POST', `/api/reports/groups/${second.id}/resolve`, staff, {
        action: 'dismiss',
        comment: 'Demo shows nothing',
      }),
    );
    expect(dismissed).toMatchObject({
      resolution: 'dismiss',
      comment: 'Demo shows nothing',
      banId: null,
      noteId: null,
    });
    const messages = (await notificationsOf(reporter)).map((n) => n.message);
    expect(messages.some((m) => m.endsWith('was reviewed: no action'))).toBe(true);
    expect(JSON.stringify(messages)).not.toContain('Demo shows nothing');
  });

  it('refuses a ban or note resolution without bans.create / notes.create or on an immune player, changing nothing', async () => {
    const immune = '76561197962734999';
    await signInAs(t, { name: 'Head admin', steamid: immune, flags: 'bz', immunity: 90 });
    await inject('POST', '/api/reports', reporter, { target: immune, reason: 'Cheating' });
    await inject('POST', '/api/reports', reporter, { target: TARGET, reason: 'Cheating' });
    const groups = json(await inject('GET', '/api/reports/groups', staff)).groups;
    const immuneGroup = groups.find((g: { targetSteamid: string }) => g.targetSteamid === immune);
    const plainGroup = groups.find((g: { targetSteamid: string }) => g.targetSteamid === TARGET);
    const before = await counts();

    const onlyReports = await signInAs(t, { codes: ['reports.manage'], immunity: 50 });
    const noBan = await inject('POST', `/api/reports/groups/${plainGroup.id}/resolve`, onlyReports, {
      action: 'ban',
      reason: 'x',
      length: null,
    });
    expect(noBan.statusCode).toBe(403);
    const noNote = await inject('POST', `/api/reports/groups/${plainGroup.id}/resolve`, onlyReports, {
      action: 'note',
      body: 'x',
    });
    expect(noNote.statusCode).toBe(403);
    const immuneBan = await inject('POST', `/api/reports/groups/${immuneGroup.id}/resolve`, staff, {
      action: 'ban',
      reason: 'x',
      length: null,
    });
    expect(immuneBan.statusCode).toBe(403);
    expect(json(immuneBan).error).toBe('TARGET_IMMUNE');
    for (const body of [{ action: 'ban', reason: '', length: 60 }, { action: 'kick' }, { action: 'note' }, {}]) {
      expect((await inject('POST', `/api/reports/groups/${plainGroup.id}/resolve`, staff, body)).statusCode).toBe(400);
    }
    expect((await inject('POST', '/api/reports/groups/999999/resolve', staff, { action: 'dismiss' })).statusCode).toBe(
      404,
    );
    expect((await inject('GET', '/api/reports/groups/abc', staff)).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect(json(await inject('GET', '/api/reports/groups', staff)).openCount).toBe(2);
    // A dismissal needs only reports.manage.
    expect(
      (await inject('POST', `/api/reports/groups/${immuneGroup.id}/resolve`, onlyReports, { action: 'dismiss' }))
        .statusCode,
    ).toBe(200);
  });

  it('serves the form from the site settings, which panel.settings changes', async () => {
    expect(json(await inject('GET', '/api/reports/form', reporter))).toEqual({
      reasons: ['Cheating', 'Griefing', 'Harassment', 'Exploiting', 'Other'],
      maxDetails: 2000,
      maxEvidenceLinks: 5,
      reportsPerWindow: 3,
      windowMinutes: 10,
    });
    const admin = await signInAs(t, { codes: ['panel.settings'] });
    for (const reports of [
      { reasons: [] },
      { reasons: ['A', 'a'] },
      { groupWindowHours: 0 },
      { reportsPerWindow: 'x' },
    ]) {
      expect((await inject('PUT', '/api/panel/settings', admin, { reports })).statusCode).toBe(400);
    }
    const saved = await inject('PUT', '/api/panel/settings', admin, {
      reports: { reasons: ['Cheating', 'Spam'], reportsPerWindow: 5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved).reports).toEqual({ reasons: ['Cheating', 'Spam'], groupWindowHours: 24, reportsPerWindow: 5 });
    expect(json(await inject('GET', '/api/reports/form', reporter)).reasons).toEqual(['Cheating', 'Spam']);
    expect((await plugin.call('GET', '/reports/reasons')).body).toEqual({ reasons: ['Cheating', 'Spam'] });
    expect((await inject('POST', '/api/reports', reporter, { target: TARGET, reason: 'Griefing' })).statusCode).toBe(
      400,
    );
    expect((await inject('POST', '/api/reports', reporter, { target: TARGET, reason: 'spam' })).statusCode).toBe(201);
    await inject('PUT', '/api/panel/settings', admin, {
      reports: { reasons: ['Cheating', 'Griefing', 'Harassment', 'Exploiting', 'Other'], reportsPerWindow: 3 },
    });
  });

  it('lists the recent players of a server for the picker, connected first, never the reporter', async () => {
    const now = Math.floor(Date.now() / 1000);
    await plugin.postEvents([
      FakePlugin.event('connect', { steamid: OTHER_TARGET, name: 'Alice', timestamp: now - 600 }),
      FakePlugin.event('connect', { steamid: TARGET, name: 'Bob', timestamp: now - 300 }),
      FakePlugin.event('disconnect', { steamid: TARGET, name: 'Bob', timestamp: now - 60 }),
      FakePlugin.event('connect', { steamid: REPORTER_STEAM, name: 'Reporter', timestamp: now - 30 }),
    ]);
    const recent = json(await inject('GET', '/api/reports/recent-players?serverId=s1', reporter));
    expect(recent.players.map((p: { name: string; online: boolean }) => [p.name, p.online])).toEqual([
      ['Alice', true],
      ['Bob', false],
    ]);
    expect((await inject('GET', '/api/reports/recent-players?serverId=nope', reporter)).statusCode).toBe(404);
    expect((await inject('GET', '/api/reports/recent-players', reporter)).statusCode).toBe(400);
  });

  it('needs a signed-in user to file and reports.manage for the queue', async () => {
    const member = await signInAs(t, { name: 'Member' });
    for (const [method, url, payload] of [
      ['GET', '/api/reports/form'],
      ['GET', '/api/reports/mine'],
      ['GET', '/api/reports/recent-players?serverId=s1'],
      ['POST', '/api/reports', { target: TARGET, reason: 'Cheating' }],
    ] as const) {
      expect((await inject(method, url, undefined, payload)).statusCode).toBe(401);
    }
    for (const [method, url, payload] of [
      ['GET', '/api/reports/groups'],
      ['GET', '/api/reports/groups/1'],
      ['POST', '/api/reports/groups/1/claim', {}],
      ['DELETE', '/api/reports/groups/1/claim'],
      ['POST', '/api/reports/groups/1/resolve', { action: 'dismiss' }],
    ] as const) {
      expect((await inject(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await inject(method, url, member, payload)).statusCode).toBe(403);
    }
  });
});
