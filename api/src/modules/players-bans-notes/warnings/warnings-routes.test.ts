import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePlugin } from '../../../test-support/fakes/fake-plugin';
import { json, seedServer, snapshotCounts } from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { metaService } from '../../meta';

const BOB = '76561197962734863'; // STEAM_1:1:1234567
const CAROL = '76561197960287930';
const DAVE = '76561198000000001';
const EVE = '76561198000000002';

describe.each(testDatabases())('warnings on $name', (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let plugin: FakePlugin;

  const warn = (headers: Record<string, string>, steamid: string, reason = 'Spawn camping') =>
    t.app.inject({ method: 'POST', url: '/api/warnings', headers, payload: { steamid, reason } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await seedServer(t, 's1');
    staff = await signInAs(t, {
      name: 'Warden',
      codes: ['warnings.*', 'players.view', 'servers.tokens', 'bans.*'],
      immunity: 50,
    });
    const created = await t.app.inject({ method: 'POST', url: '/api/game-tokens/s1', headers: staff.headers });
    plugin = new FakePlugin(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, json(created).token);
    await metaService.writeSiteSettings(t.database.db, {
      warnings: {
        expiryDays: 30,
        ladder: [
          { warnings: 5, banLength: 7 * 86400, scope: 'community' },
          { warnings: 3, banLength: 86400, scope: 'community' },
        ],
      },
    });
  });
  afterAll(async () => t?.close());

  it('the third active warning bans for a day, the fifth for 7 days, in the author’s name by the ladder', async () => {
    const banIds: (number | null)[] = [];
    for (let i = 1; i <= 5; i++) {
      const response = await warn(staff.headers, i === 2 ? 'STEAM_1:1:1234567' : BOB, `Reason ${i}`);
      expect(response.statusCode).toBe(201);
      const body = json(response);
      expect(body.warning).toMatchObject({
        steamid: BOB,
        reason: `Reason ${i}`,
        authorName: 'Warden',
        status: 'active',
      });
      expect(body.warning.expiresAt - body.warning.createdAt).toBe(30 * 86400);
      banIds.push(body.banId);
    }
    expect(banIds.map((id) => id !== null)).toEqual([false, false, true, false, true]);
    const dayBan = json(await t.app.inject({ method: 'GET', url: `/api/bans/${banIds[2]}`, headers: staff.headers }));
    expect(dayBan).toMatchObject({ steamid: BOB, length: 86400, adminName: 'Warden' });
    expect(dayBan.reason).toBe('Warning ladder: 3 active warnings (latest: Reason 3)');
    const weekBan = json(await t.app.inject({ method: 'GET', url: `/api/bans/${banIds[4]}`, headers: staff.headers }));
    expect(weekBan).toMatchObject({ length: 7 * 86400, adminName: 'Warden' });
    const list = json(
      await t.app.inject({ method: 'GET', url: `/api/warnings?steamid=${BOB}`, headers: staff.headers }),
    );
    expect(list.activeCount).toBe(5);
    expect(list.warnings[0]).toMatchObject({ reason: 'Reason 5', escalatedBanId: banIds[4] });
    const log = (await t.database.db.selectFrom('log_entries').select('message').execute()).map((r) => r.message);
    expect(log.some((m) => m.startsWith('warned ') && m.includes('Reason 1'))).toBe(true);
    expect(log.some((m) => m.startsWith('banned ') && m.includes(`[ban #${banIds[2]}]`))).toBe(true);
    expect(log.some((m) => m.startsWith('warning ladder: 3 active warnings banned'))).toBe(true);
  });

  it('lifted, deleted and expired warnings stop counting; the connect check returns the active ones', async () => {
    const ids: number[] = [];
    for (const reason of ['one', 'two']) ids.push(json(await warn(staff.headers, CAROL, reason)).warning.id);
    const lift = await t.app.inject({
      method: 'POST',
      url: `/api/warnings/${ids[0]}/lift`,
      headers: staff.headers,
      payload: { reason: 'Misclick' },
    });
    expect(json(lift)).toMatchObject({ status: 'lifted', liftedByName: 'Warden' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/warnings/${ids[0]}/lift`,
      headers: staff.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe('ALREADY_LIFTED');
    // Two active now would need a third for the ladder: lifted one does not count.
    expect(json(await warn(staff.headers, CAROL, 'three')).banId).toBeNull();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/warnings/${ids[1]}`, headers: staff.headers })).statusCode,
    ).toBe(204);
    // An expired one: moved into the past.
    await t.database.db.updateTable('warnings').set({ expires_at: 1000 }).where('reason', '=', 'three').execute();
    const check = await plugin.check({ steamid: CAROL });
    expect(check.body.warnings).toEqual([]);
    const fresh = json(await warn(staff.headers, CAROL, 'four')).warning;
    const checked = await plugin.check({ steamid: 'STEAM_1:0:11101' });
    expect(checked.status).toBe(200);
    expect(checked.body.warnings).toEqual([
      { id: fresh.id, reason: 'four', createdAt: fresh.createdAt, expiresAt: fresh.expiresAt, authorName: 'Warden' },
    ]);
    const list = json(
      await t.app.inject({ method: 'GET', url: `/api/warnings?steamid=${CAROL}`, headers: staff.headers }),
    );
    expect(list.warnings.map((w: { reason: string; status: string }) => `${w.reason}:${w.status}`)).toEqual([
      'four:active',
      'three:expired',
      'one:lifted',
    ]);
  });

  it('in game, through the plugin API with the server token, escalating like the web', async () => {
    for (let i = 1; i <= 3; i++) {
      const response = await plugin.call('POST', '/warnings', {
        steamid: DAVE,
        name: 'Dave',
        reason: `Mic spam ${i}`,
        admin: { name: 'InGameAdmin' },
      });
      expect(response.status).toBe(201);
      expect(response.body.warning).toMatchObject({ serverId: 's1', authorName: 'InGameAdmin', playerName: 'Dave' });
      if (i === 3) {
        expect(response.body.banId).not.toBeNull();
        const check = await plugin.check({ steamid: DAVE });
        expect(check.body).toMatchObject({ status: 'banned', banId: response.body.banId });
        expect(check.body.warnings).toHaveLength(3);
      }
    }
    const refused = await new FakePlugin(plugin.baseUrl, 'not-a-token').call('POST', '/warnings', {
      steamid: DAVE,
      reason: 'x',
    });
    expect(refused.status).toBe(401);
    const bad = await plugin.call('POST', '/warnings', { steamid: 'nope', reason: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('the ladder’s ban is the site’s: the author’s role limit on ban length does not stop it', async () => {
    const owner = await signInAs(t, { name: 'Owner', flags: 'z', codes: ['*'], immunity: 100 });
    const trial = await signInAs(t, { name: 'Trial', immunity: 10 });
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/panel/roles',
      headers: owner.headers,
      payload: {
        name: 'Trial warners',
        codes: ['warnings.create', 'bans.create'],
        flags: 'bcd',
        immunityLevel: 5,
        limits: { banMaxSeconds: 3600, commMaxSeconds: 3600, mayGivePermanent: false, mayLiftOthers: false },
      },
    });
    expect(role.statusCode, role.body).toBe(201);
    const holders = `/api/panel/roles/${json(role).id}/holders`;
    await t.app.inject({ method: 'POST', url: holders, headers: owner.headers, payload: { userId: trial.userId } });
    const player = '76561198000000003';
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/bans',
      headers: trial.headers,
      payload: { steamid: player, reason: 'x', length: 86400 },
    });
    expect(direct.statusCode).toBe(403);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await warn(trial.headers, player, `Toxic ${i}`));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const banId = json(answers[2] as (typeof answers)[number]).banId;
    const ban = json(await t.app.inject({ method: 'GET', url: `/api/bans/${banId}`, headers: owner.headers }));
    expect(ban).toMatchObject({ length: 86400, adminName: 'Trial' });
  });

  it('the player reads their own warnings, nobody else’s', async () => {
    await warn(staff.headers, EVE, 'Teamkill');
    const eve = await signInAs(t, { steamid: EVE });
    const own = await t.app.inject({ method: 'GET', url: `/api/warnings?steamid=${EVE}`, headers: eve.headers });
    expect(json(own).warnings.map((w: { reason: string }) => w.reason)).toEqual(['Teamkill']);
    const other = await t.app.inject({ method: 'GET', url: `/api/warnings?steamid=${BOB}`, headers: eve.headers });
    expect(other.statusCode).toBe(403);
    expect(json(other)).toEqual({ error: 'FORBIDDEN', message: 'You may read only your own warnings' });
    expect((await t.app.inject({ method: 'GET', url: `/api/warnings?steamid=${EVE}` })).statusCode).toBe(401);
  });

  it('refuses without the permission, on someone more immune and on bad input; stores nothing', async () => {
    const before = await snapshotCounts(t);
    const target = json(
      await t.app.inject({ method: 'GET', url: `/api/warnings?steamid=${BOB}`, headers: staff.headers }),
    ).warnings[0].id;
    const viewer = await signInAs(t, { codes: ['players.view'] });
    const creator = await signInAs(t, { codes: ['warnings.create'], immunity: 10 });
    await signInAs(t, { name: 'Chief', steamid: '76561198000000099', codes: ['bans.*'], immunity: 90 });
    const cases: [Record<string, string>, string, string, unknown, number, string][] = [
      [viewer.headers, 'POST', '/api/warnings', { steamid: BOB, reason: 'x' }, 403, 'FORBIDDEN'],
      [creator.headers, 'POST', `/api/warnings/${target}/lift`, {}, 403, 'FORBIDDEN'],
      [creator.headers, 'DELETE', `/api/warnings/${target}`, undefined, 403, 'FORBIDDEN'],
      [creator.headers, 'POST', '/api/warnings', { steamid: '76561198000000099', reason: 'x' }, 403, 'TARGET_IMMUNE'],
      [staff.headers, 'POST', '/api/warnings', { steamid: '76561198000000099', reason: 'x' }, 403, 'TARGET_IMMUNE'],
      [staff.headers, 'POST', '/api/warnings', { steamid: 'nope', reason: 'x' }, 400, ''],
      [staff.headers, 'POST', '/api/warnings', { steamid: BOB, reason: '   ' }, 400, ''],
      [staff.headers, 'POST', '/api/warnings', { steamid: BOB, reason: 'x'.repeat(501) }, 400, ''],
      [staff.headers, 'POST', '/api/warnings', { steamid: BOB }, 400, ''],
      [staff.headers, 'POST', '/api/warnings', { steamid: BOB, reason: 'x', extra: 1 }, 400, ''],
      [staff.headers, 'POST', '/api/warnings/424242/lift', {}, 404, 'NOT_FOUND'],
      [staff.headers, 'POST', '/api/warnings/0/lift', {}, 400, ''],
      [staff.headers, 'DELETE', '/api/warnings/424242', undefined, 404, 'NOT_FOUND'],
    ];
    for (const [headers, method, url, payload, status, error] of cases) {
      const response = await t.app.inject({ method: method as 'POST', url, headers, payload: payload as object });
      expect({ url, status: response.statusCode }).toEqual({ url, status });
      const body = json(response);
      expect(typeof body.message).toBe('string');
      if (error) expect(body.error).toBe(error);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/warnings?steamid=nope', headers: staff.headers })).statusCode,
    ).toBe(400);
    // Only the accounts made above changed.
    const after = await snapshotCounts(t);
    expect({ ...after, user_roles: 0 }).toEqual({ ...before, user_roles: 0 });
  });

  it('the ladder and expiry are panel settings, validated', async () => {
    const admin = await signInAs(t, { codes: ['panel.settings'] });
    const settings = json(await t.app.inject({ method: 'GET', url: '/api/panel/settings', headers: admin.headers }));
    expect(settings.warnings).toEqual({
      expiryDays: 30,
      ladder: [
        { warnings: 3, banLength: 86400, scope: 'community' },
        { warnings: 5, banLength: 7 * 86400, scope: 'community' },
      ],
    });
    for (const warnings of [
      { expiryDays: -1 },
      { ladder: [{ warnings: 0, banLength: 60 }] },
      {
        ladder: [
          { warnings: 2, banLength: 60 },
          { warnings: 2, banLength: 120 },
        ],
      },
      { ladder: [{ warnings: 2, banLength: 1 }] },
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/panel/settings',
        headers: admin.headers,
        payload: { warnings },
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
