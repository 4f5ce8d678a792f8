import { appealDetailSchema, appealsListResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMUNITY_EVENT_KINDS, type CommunityEvent } from '../../../lib/community-events';
import { eventBus } from '../../../lib/event-bus';
import { json, snapshotCounts } from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { notificationsService } from '../../notifications';

// Each test has its own banned player (appeals are rate-limited per player and day).
let PLAYER = '';
let playerCount = 0;
const OTHER = '76561197962734999';
const SECRET = 'INTERNAL-ONLY: his friend vouched, check the demo';

describe.each(testDatabases())('ban appeals on $name', (kind) => {
  let t: TestApp;
  let player: SignedIn;
  let other: SignedIn;
  let staff: SignedIn;
  let judge: SignedIn;
  let reviewer: SignedIn;
  const events: CommunityEvent[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    other = await signInAs(t, { name: 'Eve', steamid: OTHER });
    staff = await signInAs(t, { name: 'Admin Ann', codes: ['bans.*', 'logs.view'], immunity: 50 });
    judge = await signInAs(t, { name: 'Judge Jo', codes: ['appeals.manage', 'bans.unban', 'bans.edit'], immunity: 50 });
    reviewer = await signInAs(t, { name: 'Reviewer Rae', codes: ['appeals.manage'], immunity: 50 });
    eventBus(t.database.db).observe(COMMUNITY_EVENT_KINDS, (event) => events.push(event as CommunityEvent));
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    playerCount += 1;
    PLAYER = String(76561197962734000n + BigInt(playerCount));
    player = await signInAs(t, { name: 'Bob', steamid: PLAYER });
  });

  const ban = async (payload: object = {}) =>
    json(
      await t.app.inject({
        method: 'POST',
        url: '/api/bans',
        headers: staff.headers,
        payload: { steamid: PLAYER, playerName: 'Bob', reason: 'Wallhack', length: 7 * 86400, ...payload },
      }),
    ).id as number;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers, ...(payload ? { payload } : {}) });
  const appeal = async (banId: number, statement = 'I was **not** cheating') => {
    const response = await call('POST', '/api/appeals', player, { banId, statement });
    expect(response.statusCode, response.body).toBe(201);
    return appealDetailSchema.parse(json(response)).appeal.id;
  };
  const messagesOf = async (userId: string) =>
    (await notificationsService.listNotifications(t.database.db, userId)).map((n) => n.message);

  it('a player appeals their own ban; the ban shows "appealed" and never the text; audited; event raised', async () => {
    const banId = await ban({ type: 'gag', reason: 'Spam' });
    const response = await call('POST', '/api/appeals', player, { banId, statement: 'Sorry, **won’t** happen again' });
    expect(response.statusCode).toBe(201);
    const detail = appealDetailSchema.parse(json(response));
    expect(detail).toMatchObject({
      view: 'player',
      appeal: { banId, steamid: PLAYER, state: 'open', statement: 'Sorry, **won’t** happen again', playerName: 'Bob' },
      can: { reply: true, comment: false, decide: false, close: true },
    });
    expect(detail.appeal.ban).toMatchObject({ id: banId, type: 'gag', status: 'active' });
    for (const url of ['/api/bans', `/api/bans/${banId}`, `/api/bans?steamid=${PLAYER}`]) {
      const answer = await call('GET', url);
      expect(answer.body).not.toContain('happen again');
      const found =
        url === `/api/bans/${banId}` ? json(answer) : json(answer).bans.find((b: { id: number }) => b.id === banId);
      expect(found.appealed).toBe(true);
    }
    const unappealed = await ban();
    expect(json(await call('GET', `/api/bans/${unappealed}`)).appealed).toBe(false);
    const logs = json(await call('GET', `/api/logs?player=${PLAYER}`, staff));
    expect(logs.entries.map((e: { message: string }) => e.message)).toContain(
      `appealed gag #${banId} [appeal #${detail.appeal.id}]`,
    );
    const opened = events.find((event) => event.key === `appeal.opened:${detail.appeal.id}`);
    expect(opened).toMatchObject({ kind: 'appeal.opened', path: `/bans/appeals/${detail.appeal.id}` });
    expect(JSON.stringify(opened)).not.toContain('happen again');
  });

  it('refuses: signed out, another player’s ban, unknown ban, lifted ban, a second open appeal; nothing stored', async () => {
    const banId = await ban();
    const lifted = await ban();
    await call('POST', `/api/bans/${lifted}/unban`, staff, { reason: 'mistake' });
    const before = await snapshotCounts(t);
    const cases: Array<[SignedIn | undefined, object, number, string]> = [
      [undefined, { banId, statement: 'x' }, 401, 'UNAUTHORIZED'],
      [other, { banId, statement: 'x' }, 403, 'NOT_YOUR_BAN'],
      [staff, { banId, statement: 'x' }, 403, 'NOT_YOUR_BAN'],
      [player, { banId: 999999, statement: 'x' }, 404, 'NOT_FOUND'],
      [player, { banId: lifted, statement: 'x' }, 409, 'BAN_NOT_ACTIVE'],
      [player, { banId, statement: '   ' }, 400, 'VALIDATION_ERROR'],
      [player, { banId, statement: 'x'.repeat(5001) }, 400, 'VALIDATION_ERROR'],
      [player, { banId: String(banId), statement: 'x' }, 400, 'VALIDATION_ERROR'],
      [player, { banId, statement: 'x', state: 'accepted' }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [who, payload, status, error] of cases) {
      const response = await call('POST', '/api/appeals', who, payload);
      expect([JSON.stringify(payload), response.statusCode]).toEqual([JSON.stringify(payload), status]);
      if (status !== 400) expect(json(response).error).toBe(error);
      else expect(json(response)).toHaveProperty('message');
    }
    expect(await snapshotCounts(t)).toEqual(before);
    await appeal(banId);
    const second = await call('POST', '/api/appeals', player, { banId, statement: 'again' });
    expect(second.statusCode).toBe(409);
    expect(json(second).error).toBe('APPEAL_EXISTS');
  });

  it('a conversation: internal comments reach staff only, never any answer the player can get', async () => {
    const banId = await ban();
    const id = await appeal(banId);
    await call('PUT', `/api/appeals/${id}/assignee`, judge, { assigneeId: reviewer.userId });
    const staffReply = await call('POST', `/api/appeals/${id}/messages`, judge, { body: 'Which server was it?' });
    expect(staffReply.statusCode).toBe(201);
    const internal = await call('POST', `/api/appeals/${id}/messages`, judge, { body: SECRET, internal: true });
    expect(internal.statusCode).toBe(201);
    expect(json(internal).messages.map((m: { internal: boolean }) => m.internal)).toEqual([false, true]);
    const playerReply = await call('POST', `/api/appeals/${id}/messages`, player, { body: 'Versus #1' });
    expect(playerReply.statusCode).toBe(201);

    const answers = [
      playerReply,
      await call('GET', `/api/appeals/${id}`, player),
      await call('GET', '/api/appeals/mine', player),
      await call('GET', '/api/bans'),
      await call('GET', `/api/bans/${banId}`, player),
      await call('POST', `/api/appeals/${id}/close`, player),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      expect(answer.body).not.toContain(SECRET);
    }
    const seen = appealDetailSchema.parse(json(answers[1] as { body: string }));
    expect(seen.messages.map((m) => [m.by, m.body])).toEqual([
      ['staff', 'Which server was it?'],
      ['player', 'Versus #1'],
    ]);
    const forStaff = appealDetailSchema.parse(json(await call('GET', `/api/appeals/${id}`, reviewer)));
    expect(forStaff.view).toBe('staff');
    expect(forStaff.messages.map((m) => m.body)).toContain(SECRET);
    expect(await messagesOf(player.userId)).toContain(`Staff replied to your appeal of ban #${banId}`);
    expect((await messagesOf(player.userId)).join('\n')).not.toContain('commented');
    expect(await messagesOf(reviewer.userId)).toEqual(
      expect.arrayContaining([
        `Judge Jo assigned appeal #${id} to you`,
        `Judge Jo commented on appeal #${id}`,
        `Bob replied to appeal #${id}`,
        `Bob withdrew appeal #${id}`,
      ]),
    );
    const logs = json(await call('GET', `/api/logs?player=${PLAYER}`, staff));
    expect(JSON.stringify(logs)).not.toContain(SECRET);
    expect(logs.entries.map((e: { message: string }) => e.message)).toContain(
      `commented (staff only) on appeal #${id} of ban #${banId}`,
    );
  });

  it('refuses in a conversation: strangers, internal comments from the player, replies once closed', async () => {
    const id = await appeal(await ban());
    expect((await call('GET', `/api/appeals/${id}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/appeals/${id}`, other)).statusCode).toBe(403);
    expect((await call('GET', `/api/appeals/${id}`, staff)).statusCode).toBe(403);
    expect((await call('GET', '/api/appeals/999999', player)).statusCode).toBe(404);
    const before = await snapshotCounts(t);
    for (const [who, payload, status] of [
      [undefined, { body: 'x' }, 401],
      [other, { body: 'x' }, 403],
      [player, { body: 'x', internal: true }, 403],
      [player, { body: '' }, 400],
      [player, { body: 'x'.repeat(3001) }, 400],
      [judge, { body: 'x', internal: 'yes' }, 400],
    ] as const) {
      const response = await call('POST', `/api/appeals/${id}/messages`, who, payload);
      expect(response.statusCode).toBe(status);
    }
    expect((await call('POST', `/api/appeals/${id}/close`, judge)).statusCode).toBe(403);
    expect((await call('POST', `/api/appeals/${id}/close`, other)).statusCode).toBe(403);
    expect(await snapshotCounts(t)).toEqual(before);

    expect((await call('POST', `/api/appeals/${id}/close`, player)).statusCode).toBe(200);
    for (const who of [player, judge]) {
      const late = await call('POST', `/api/appeals/${id}/messages`, who, { body: 'one more thing' });
      expect(late.statusCode).toBe(409);
      expect(json(late).error).toBe('APPEAL_NOT_OPEN');
    }
    expect((await call('POST', `/api/appeals/${id}/close`, player)).statusCode).toBe(409);
    expect(
      (await call('POST', `/api/appeals/${id}/decision`, judge, { outcome: 'denied', reason: 'late' })).statusCode,
    ).toBe(409);
    expect((await call('PUT', `/api/appeals/${id}/assignee`, judge, { assigneeId: null })).statusCode).toBe(409);
  });

  it('accepting lifts the ban through the bans service (audited, reason kept) and tells the player', async () => {
    const banId = await ban();
    const id = await appeal(banId);
    const before = await snapshotCounts(t);
    // appeals.manage alone decides, but lifting also needs bans.unban.
    const refused = await call('POST', `/api/appeals/${id}/decision`, reviewer, {
      outcome: 'accepted',
      action: 'lift',
      reason: 'fair',
    });
    expect(refused.statusCode).toBe(403);
    expect(await snapshotCounts(t)).toEqual(before);
    for (const payload of [
      { outcome: 'accepted', action: 'lift' },
      { outcome: 'accepted', action: 'shorten', reason: 'x' },
      { outcome: 'maybe', reason: 'x' },
      { outcome: 'denied', reason: 'x', action: 'lift' },
    ]) {
      expect((await call('POST', `/api/appeals/${id}/decision`, judge, payload)).statusCode).toBe(400);
    }
    const accepted = await call('POST', `/api/appeals/${id}/decision`, judge, {
      outcome: 'accepted',
      action: 'lift',
      reason: 'Demo shows no cheating',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(json(accepted).appeal).toMatchObject({
      state: 'accepted',
      decidedByName: 'Judge Jo',
      decisionReason: 'Demo shows no cheating',
      ban: { status: 'unbanned' },
    });
    const lifted = json(await call('GET', `/api/bans/${banId}`));
    expect(lifted).toMatchObject({
      status: 'unbanned',
      unbannedByName: 'Judge Jo',
      unbanReason: `Appeal #${id} accepted: Demo shows no cheating`,
      // The English reason's parts as data, for readers in other languages (issue 27).
      unbanAppeal: { id, reason: 'Demo shows no cheating' },
    });
    expect(await messagesOf(player.userId)).toContain(
      `Your appeal of ban #${banId} was accepted (ban lifted): Demo shows no cheating`,
    );
    const logs = json(await call('GET', `/api/logs?player=${PLAYER}`, staff)).entries.map(
      (e: { message: string }) => e.message,
    );
    expect(logs).toContain(`unbanned Bob (ban #${banId}, reason "Appeal #${id} accepted: Demo shows no cheating")`);
    // The bans service's own unban path said the ban was lifted; then the appeal said it was decided.
    const keys = events.map((event) => event.key);
    expect(keys.indexOf(`ban.lifted:${banId}`)).toBeGreaterThan(-1);
    expect(keys.indexOf(`appeal.decided:${id}:accepted`)).toBeGreaterThan(keys.indexOf(`ban.lifted:${banId}`));
    expect((await call('POST', `/api/appeals/${id}/messages`, player, { body: 'thanks' })).statusCode).toBe(409);
  });

  it('accepting can shorten the ban instead; denying leaves it; a new appeal may follow a decision', async () => {
    const banId = await ban({ length: 30 * 86400 });
    const id = await appeal(banId);
    const longer = await call('POST', `/api/appeals/${id}/decision`, judge, {
      outcome: 'accepted',
      action: 'shorten',
      length: 60 * 86400,
      reason: 'x',
    });
    expect(longer.statusCode).toBe(400);
    expect(json(longer).error).toBe('NOT_SHORTER');
    const shortened = await call('POST', `/api/appeals/${id}/decision`, judge, {
      outcome: 'accepted',
      action: 'shorten',
      length: 86400,
      reason: 'First offence',
    });
    expect(shortened.statusCode).toBe(200);
    expect(json(await call('GET', `/api/bans/${banId}`))).toMatchObject({ length: 86400, status: 'active' });

    const next = await appeal(banId, 'Please, one day is long');
    const denied = await call('POST', `/api/appeals/${next}/decision`, reviewer, {
      outcome: 'denied',
      reason: 'One day stands',
    });
    expect(json(denied).appeal).toMatchObject({ state: 'denied', decisionReason: 'One day stands' });
    expect(json(await call('GET', `/api/bans/${banId}`))).toMatchObject({ length: 86400, status: 'active' });
    expect(await messagesOf(player.userId)).toContain(`Your appeal of ban #${banId} was denied: One day stands`);
    expect(events.find((event) => event.key === `appeal.decided:${next}:denied`)).toMatchObject({
      kind: 'appeal.decided',
      text: 'One day stands',
    });
  });

  it('the staff queue: permission, oldest first, filters, assignment to appeals staff only', async () => {
    for (const who of [undefined, player, staff]) {
      const response = await call('GET', '/api/appeals', who);
      expect(response.statusCode).toBe(who ? 403 : 401);
    }
    const eveBan = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/bans',
        headers: staff.headers,
        payload: { steamid: OTHER, reason: 'Toxic', length: null },
      }),
    ).id;
    const eveAppeal = json(await call('POST', '/api/appeals', other, { banId: eveBan, statement: 'I was provoked' }))
      .appeal.id;
    const queue = appealsListResponseSchema.parse(json(await call('GET', '/api/appeals', judge)));
    const ids = queue.appeals.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(queue.appeals.every((a) => a.state === 'open')).toBe(true);
    const list = async (query: string) =>
      appealsListResponseSchema.parse(json(await call('GET', `/api/appeals?${query}`, judge))).appeals.map((a) => a.id);
    expect(await list('q=eve')).toEqual([eveAppeal]);
    expect(await list('q=STEAM_0:1:1234567')).not.toContain(eveAppeal);
    expect(await list(`q=${OTHER}`)).toEqual([eveAppeal]);
    expect((await list('state=accepted')).length).toBeGreaterThan(0);
    expect(await list('state=all')).toEqual(expect.arrayContaining(await list('state=denied')));

    for (const [assigneeId, status] of [
      [staff.userId, 400],
      [other.userId, 400],
      ['no-such-user', 400],
    ] as const) {
      expect((await call('PUT', `/api/appeals/${eveAppeal}/assignee`, judge, { assigneeId })).statusCode).toBe(status);
    }
    expect(
      (await call('PUT', `/api/appeals/${eveAppeal}/assignee`, reviewer, { assigneeId: judge.userId })).statusCode,
    ).toBe(200);
    expect(await list('mine=1')).toEqual([eveAppeal]);
    expect(await list(`assignee=${judge.userId}`)).toEqual([eveAppeal]);
    expect(await list('unassigned=1')).not.toContain(eveAppeal);
    expect(await messagesOf(judge.userId)).toContain(`Reviewer Rae assigned appeal #${eveAppeal} to you`);
    const assignees = json(await call('GET', '/api/appeals/assignees', judge)).assignees.map(
      (a: { id: string }) => a.id,
    );
    expect(assignees).toEqual(expect.arrayContaining([judge.userId, reviewer.userId]));
    expect(assignees).not.toContain(staff.userId);
    expect((await call('GET', '/api/appeals?cursor=nonsense', judge)).statusCode).toBe(400);
    expect((await call('GET', '/api/appeals?state=pending', judge)).statusCode).toBe(400);
  });

  it('staff appealing their own ban get the player’s view and cannot decide it', async () => {
    const STAFFER = '76561197960283729';
    const self = await signInAs(t, { name: 'Mod Max', steamid: STAFFER, codes: ['appeals.manage', 'bans.unban'] });
    const banId = json(await call('POST', '/api/bans', staff, { steamid: STAFFER, reason: 'abuse', length: 3600 })).id;
    const created = await call('POST', '/api/appeals', self, { banId, statement: 'mine' });
    const id = json(created).appeal.id;
    await call('POST', `/api/appeals/${id}/messages`, judge, { body: SECRET, internal: true });
    const seen = await call('GET', `/api/appeals/${id}`, self);
    expect(json(seen).view).toBe('player');
    expect(seen.body).not.toContain(SECRET);
    expect(
      (await call('POST', `/api/appeals/${id}/decision`, self, { outcome: 'accepted', action: 'lift', reason: 'me' }))
        .statusCode,
    ).toBe(403);
    expect((await call('PUT', `/api/appeals/${id}/assignee`, self, { assigneeId: self.userId })).statusCode).toBe(403);
  });

  it('two requests at once: one open appeal per ban, one decision per appeal', async () => {
    const banId = await ban();
    const opened = await Promise.all(
      [1, 2].map(() => call('POST', '/api/appeals', player, { banId, statement: 'at once' })),
    );
    expect(opened.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const id = json(opened.find((r) => r.statusCode === 201) as { body: string }).appeal.id;
    const decided = await Promise.all([
      call('POST', `/api/appeals/${id}/decision`, judge, { outcome: 'accepted', action: 'lift', reason: 'a' }),
      call('POST', `/api/appeals/${id}/decision`, reviewer, { outcome: 'denied', reason: 'b' }),
    ]);
    expect(decided.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = decided.find((r) => r.statusCode === 409) as { body: string };
    expect(json(loser).error).toBe('APPEAL_NOT_OPEN');
    const final = json(await call('GET', `/api/appeals/${id}`, judge)).appeal;
    expect(json(loser).message).toContain(final.state);
    // The ban matches the decision that won.
    expect(json(await call('GET', `/api/bans/${banId}`)).status).toBe(
      final.state === 'accepted' ? 'unbanned' : 'active',
    );
  });

  it('rate-limits messages per writer and appeals per player', async () => {
    const id = await appeal(await ban());
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await call('POST', `/api/appeals/${id}/messages`, player, { body: `msg ${i}` })).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    for (let i = 0; i < 4; i += 1) await appeal(await ban());
    const refused = await call('POST', '/api/appeals', player, { banId: await ban(), statement: 'again' });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error).toBe('RATE_LIMITED');
  });
});
