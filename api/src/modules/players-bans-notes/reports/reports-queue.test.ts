import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../lib/principal';
import { registerErrorHandling } from '../../../plugins/error-handling';
import { translateErrorMessages } from '../../../plugins/error-language';
import { json } from '../../../test-support/players-bans-notes-fixtures';
import { signInAs } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { resolveReportAs } from './reports-as-staff';
import { GAME_REPORTER, OTHER_TARGET, reportsTestKit, TARGET } from './reports-test-kit';

// Player reports end to end on the real app, queue side: claim, take-over and release, one-step
// resolution as a ban, a note or a dismissal, its permission checks, and the reporters' notices.
// Filing is in reports-filing.test.ts.

describe.each(testDatabases())('the player report queue on $name', (kind) => {
  const kit = reportsTestKit(kind);
  const { inject, counts, events, notificationsOf } = kit;

  it('words a resolution it checks itself (Discord’s path) in the caller’s language', async () => {
    // The web's route validates its body before resolveReportAs; Discord's modal fields come
    // straight in, so the service's own check must answer as the validator does (issue 27).
    await inject('POST', '/api/reports', kit.reporter, { target: TARGET, reason: 'Griefing' });
    const [group] = json(await inject('GET', '/api/reports/groups', kit.staff)).groups;
    const principal: Principal = {
      userId: kit.staff.userId,
      sessionId: null,
      via: 'session',
      permissions: { codes: ['reports.manage', 'bans.create'], flags: '', immunityLevel: 50 },
    };
    const app = Fastify();
    registerErrorHandling(app);
    translateErrorMessages(app);
    app.post('/resolve', async () =>
      resolveReportAs(
        kit.t.database.db,
        principal,
        group.id,
        { action: 'ban', reason: '   ', length: null },
        { id: kit.staff.userId, name: 'Moderator', via: 'Discord' },
      ),
    );
    try {
      const german = await app.inject({ method: 'POST', url: '/resolve', headers: { 'accept-language': 'de-DE' } });
      expect(german.statusCode).toBe(400);
      expect(german.json()).toEqual({
        error: 'VALIDATION_FAILED',
        message: 'Ungültige Anfrage (Inhalt) bei /reason: Darf nicht leer sein',
      });
      const english = await app.inject({ method: 'POST', url: '/resolve' });
      expect(english.json()).toEqual({
        error: 'VALIDATION_FAILED',
        message: 'Invalid body at /reason: Too small: expected string to have >=1 characters',
      });
      expect((await counts()).bans).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('claims, refuses a second claimer, lets them take over, and releases', async () => {
    await inject('POST', '/api/reports', kit.reporter, { target: TARGET, reason: 'Griefing' });
    const [group] = json(await inject('GET', '/api/reports/groups', kit.staff)).groups;
    const claimed = await inject('POST', `/api/reports/groups/${group.id}/claim`, kit.staff, {});
    expect(claimed.statusCode).toBe(200);
    expect(json(claimed)).toMatchObject({ claimedById: kit.staff.userId, claimedByName: 'Moderator' });

    const second = await signInAs(kit.t, { name: 'Second', codes: ['reports.manage', 'bans.create'], immunity: 50 });
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
    expect(json(await inject('GET', '/api/reports/groups?claimed=none', kit.staff)).groups).toHaveLength(1);

    const log = json(
      await inject('GET', `/api/logs?player=${TARGET}&limit=50`, await signInAs(kit.t, { codes: ['logs.view'] })),
    );
    const lines = log.entries.map((e: { message: string }) => e.message);
    expect(lines.some((l: string) => l.startsWith(`claimed report #${group.id} against`))).toBe(true);
    expect(lines.some((l: string) => l.startsWith(`took over report #${group.id} from Moderator`))).toBe(true);
    expect(lines.some((l: string) => l.startsWith(`released report #${group.id}`))).toBe(true);
  });

  it('resolves a group as a ban in one step: linked ban, every reporter told only that action was taken', async () => {
    await inject('POST', '/api/reports', kit.reporter, {
      target: TARGET,
      reason: 'Cheating',
      details: 'secret detail',
    });
    await kit.plugin.report({ reporter: { steamid: GAME_REPORTER }, target: { steamid: TARGET }, reason: 'Cheating' });
    const gameReporterAccount = await signInAs(kit.t, { name: 'Game reporter', steamid: GAME_REPORTER });
    const [group] = json(await inject('GET', '/api/reports/groups', kit.staff)).groups;

    const resolved = await inject('POST', `/api/reports/groups/${group.id}/resolve`, kit.staff, {
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
    expect((await kit.plugin.check({ steamid: TARGET })).body).toMatchObject({ status: 'banned', banId: view.banId });

    for (const who of [kit.reporter, gameReporterAccount]) {
      const notices = await notificationsOf(who);
      const notice = notices.find((n) => n.message.startsWith('Your report of'));
      expect(notice?.message).toMatch(/^Your report of .+ was reviewed: action taken$/);
      expect(JSON.stringify(notices)).not.toContain('Cheating (reported)');
    }
    const mine = json(await inject('GET', '/api/reports/mine', kit.reporter)).reports;
    expect(mine[0]).toMatchObject({ targetSteamid: TARGET, status: 'reviewed' });
    expect(JSON.stringify(mine)).not.toContain('ban');

    const again = await inject('POST', `/api/reports/groups/${group.id}/resolve`, kit.staff, { action: 'dismiss' });
    expect(again.statusCode).toBe(409);
    expect((await inject('POST', `/api/reports/groups/${group.id}/claim`, kit.staff, {})).statusCode).toBe(409);
    expect(json(await inject('GET', '/api/reports/groups', kit.staff)).openCount).toBe(0);
    expect(json(await inject('GET', '/api/reports/groups?status=resolved', kit.staff)).groups[0].id).toBe(group.id);

    // A new report on the same player after resolution opens a new group.
    await inject('POST', '/api/reports', gameReporterAccount, { target: TARGET, reason: 'Other' });
    expect(json(await inject('GET', '/api/reports/groups', kit.staff)).groups).toHaveLength(1);
    await kit.t.app.inject({
      method: 'POST',
      url: `/api/bans/${view.banId}/unban`,
      headers: kit.staff.headers,
      payload: { reason: 'test over' },
    });
  });

  it('resolves as a note or a dismissal; reporters of a dismissal hear "no action"', async () => {
    await inject('POST', '/api/reports', kit.reporter, { target: TARGET, reason: 'Harassment' });
    const [first] = json(await inject('GET', '/api/reports/groups', kit.staff)).groups;
    const noted = json(
      await inject('POST', `/api/reports/groups/${first.id}/resolve`, kit.staff, {
        action: 'note',
        body: 'Warned about chat',
      }),
    );
    expect(noted).toMatchObject({ resolution: 'note', banId: null });
    const note = json(await inject('GET', `/api/notes/${noted.noteId}`, kit.staff));
    expect(note).toMatchObject({ steamid: TARGET, body: 'Warned about chat', isPublic: false });

    await inject('POST', '/api/reports', kit.reporter, { target: OTHER_TARGET, reason: 'Exploiting' });
    const [second] = json(await inject('GET', '/api/reports/groups', kit.staff)).groups;
    const dismissed = json(
      await inject('POST', `/api/reports/groups/${second.id}/resolve`, kit.staff, {
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
    const messages = (await notificationsOf(kit.reporter)).map((n) => n.message);
    expect(messages.some((m) => m.endsWith('was reviewed: no action'))).toBe(true);
    expect(JSON.stringify(messages)).not.toContain('Demo shows nothing');
  });

  it('refuses a ban or note resolution without bans.create / notes.create or on an immune player, changing nothing', async () => {
    const immune = '76561197962734999';
    await signInAs(kit.t, { name: 'Head admin', steamid: immune, flags: 'bz', immunity: 90 });
    await inject('POST', '/api/reports', kit.reporter, { target: immune, reason: 'Cheating' });
    await inject('POST', '/api/reports', kit.reporter, { target: TARGET, reason: 'Cheating' });
    const groups = json(await inject('GET', '/api/reports/groups', kit.staff)).groups;
    const immuneGroup = groups.find((g: { targetSteamid: string }) => g.targetSteamid === immune);
    const plainGroup = groups.find((g: { targetSteamid: string }) => g.targetSteamid === TARGET);
    const before = await counts();

    const onlyReports = await signInAs(kit.t, { codes: ['reports.manage'], immunity: 50 });
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
    const immuneBan = await inject('POST', `/api/reports/groups/${immuneGroup.id}/resolve`, kit.staff, {
      action: 'ban',
      reason: 'x',
      length: null,
    });
    expect(immuneBan.statusCode).toBe(403);
    expect(json(immuneBan).error).toBe('TARGET_IMMUNE');
    for (const body of [{ action: 'ban', reason: '', length: 60 }, { action: 'kick' }, { action: 'note' }, {}]) {
      expect((await inject('POST', `/api/reports/groups/${plainGroup.id}/resolve`, kit.staff, body)).statusCode).toBe(
        400,
      );
    }
    expect(
      (await inject('POST', '/api/reports/groups/999999/resolve', kit.staff, { action: 'dismiss' })).statusCode,
    ).toBe(404);
    expect((await inject('GET', '/api/reports/groups/abc', kit.staff)).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect(json(await inject('GET', '/api/reports/groups', kit.staff)).openCount).toBe(2);
    // A dismissal needs only reports.manage.
    expect(
      (await inject('POST', `/api/reports/groups/${immuneGroup.id}/resolve`, onlyReports, { action: 'dismiss' }))
        .statusCode,
    ).toBe(200);
  });
});
