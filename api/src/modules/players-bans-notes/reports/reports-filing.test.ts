import { describe, expect, it } from 'vitest';
import { FakePlugin } from '../../../test-support/fakes/fake-plugin';
import { json } from '../../../test-support/players-bans-notes-fixtures';
import { signInAs } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { GAME_REPORTER, OTHER_TARGET, REPORTER_STEAM, reportsTestKit, TARGET } from './reports-test-kit';

// Player reports end to end on the real app, filing side: from the site and from a game server,
// grouping, bad input, the per-reporter limit, the form, the recent-player picker and who may file.
// The queue side (claim and resolution) is in reports-queue.test.ts.

describe.each(testDatabases())('filing player reports on $name', (kind) => {
  const kit = reportsTestKit(kind);
  const { inject, counts, events } = kit;

  it('files a report from the site and one from in game into one queue row', async () => {
    const web = await inject('POST', '/api/reports', kit.reporter, {
      target: 'STEAM_0:1:1234567',
      reason: 'cheating',
      details: 'Aimbot on every round',
      evidence: ['https://demos.example.org/round-3.dem', 'http://video.example.org/watch?v=1'],
      serverId: 's1',
    });
    expect(web.statusCode, web.body).toBe(201);
    expect(json(web)).toMatchObject({ targetSteamid: TARGET, reason: 'Cheating', status: 'open' });

    const game = await kit.plugin.report({
      reporter: { steamid: 'STEAM_1:1:2', name: 'Gamer' },
      target: { steamid: '[U:1:2469135]', name: 'Bob' },
      reason: 'Griefing',
      details: 'Team killing',
    });
    expect(game.status, game.text).toBe(201);

    const queue = json(await inject('GET', '/api/reports/groups', kit.staff));
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
    await inject('POST', '/api/reports', kit.reporter, { target: TARGET, reason: 'Other' });
    // The group's last report was 25 hours ago: past the 24 h default window.
    await kit.t.database.db
      .updateTable('player_report_groups')
      .set({ last_report_at: Math.floor(Date.now() / 1000) - 25 * 3600 })
      .execute();
    await inject('POST', '/api/reports', kit.reporter, { target: TARGET, reason: 'Other' });
    await inject('POST', '/api/reports', kit.reporter, { target: OTHER_TARGET, reason: 'Other' });
    const queue = json(await inject('GET', '/api/reports/groups', kit.staff));
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
      const response = await inject('POST', '/api/reports', kit.reporter, payload);
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
    for (const payload of gameBad) expect((await kit.plugin.call('POST', '/reports', payload)).status).toBe(400);
    expect(await counts()).toEqual(before);
    expect(events).toEqual([]);
  });

  it('limits each reporter to 3 reports in 10 minutes, on the site and in game alike', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await inject('POST', '/api/reports', kit.reporter, { target: TARGET, reason: 'Cheating' })).statusCode,
      ).toBe(201);
    }
    const before = await counts();
    const limited = await inject('POST', '/api/reports', kit.reporter, { target: OTHER_TARGET, reason: 'Cheating' });
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ error: 'REPORTING_TOO_FAST' });
    // In game, the same player (by Steam id) is the same reporter.
    const fromGame = await kit.plugin.report({
      reporter: { steamid: 'STEAM_0:1:1' },
      target: { steamid: OTHER_TARGET },
      reason: 'Cheating',
    });
    expect(fromGame.status).toBe(429);
    expect(await counts()).toEqual(before);
    // Someone else is not limited.
    const other = await signInAs(kit.t, { name: 'Another' });
    expect((await inject('POST', '/api/reports', other, { target: TARGET, reason: 'Cheating' })).statusCode).toBe(201);
  });

  it('serves the form from the site settings, which panel.settings changes', async () => {
    expect(json(await inject('GET', '/api/reports/form', kit.reporter))).toEqual({
      reasons: ['Cheating', 'Griefing', 'Harassment', 'Exploiting', 'Other'],
      maxDetails: 2000,
      maxEvidenceLinks: 5,
      reportsPerWindow: 3,
      windowMinutes: 10,
    });
    const admin = await signInAs(kit.t, { codes: ['panel.settings'] });
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
    expect(json(await inject('GET', '/api/reports/form', kit.reporter)).reasons).toEqual(['Cheating', 'Spam']);
    expect((await kit.plugin.call('GET', '/reports/reasons')).body).toEqual({ reasons: ['Cheating', 'Spam'] });
    expect(
      (await inject('POST', '/api/reports', kit.reporter, { target: TARGET, reason: 'Griefing' })).statusCode,
    ).toBe(400);
    expect((await inject('POST', '/api/reports', kit.reporter, { target: TARGET, reason: 'spam' })).statusCode).toBe(
      201,
    );
    await inject('PUT', '/api/panel/settings', admin, {
      reports: { reasons: ['Cheating', 'Griefing', 'Harassment', 'Exploiting', 'Other'], reportsPerWindow: 3 },
    });
  });

  it('lists the recent players of a server for the picker, connected first, never the reporter', async () => {
    const now = Math.floor(Date.now() / 1000);
    await kit.plugin.postEvents([
      FakePlugin.event('connect', { steamid: OTHER_TARGET, name: 'Alice', timestamp: now - 600 }),
      FakePlugin.event('connect', { steamid: TARGET, name: 'Bob', timestamp: now - 300 }),
      FakePlugin.event('disconnect', { steamid: TARGET, name: 'Bob', timestamp: now - 60 }),
      FakePlugin.event('connect', { steamid: REPORTER_STEAM, name: 'Reporter', timestamp: now - 30 }),
    ]);
    const recent = json(await inject('GET', '/api/reports/recent-players?serverId=s1', kit.reporter));
    expect(recent.players.map((p: { name: string; online: boolean }) => [p.name, p.online])).toEqual([
      ['Alice', true],
      ['Bob', false],
    ]);
    expect((await inject('GET', '/api/reports/recent-players?serverId=nope', kit.reporter)).statusCode).toBe(404);
    expect((await inject('GET', '/api/reports/recent-players', kit.reporter)).statusCode).toBe(400);
  });

  it('needs a signed-in user to file and reports.manage for the queue', async () => {
    const member = await signInAs(kit.t, { name: 'Member' });
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
