import { bansListResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, seedServer, snapshotCounts } from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

const BOB = '76561197962734863';

describe.each(testDatabases())('bans on $name', (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let ipViewer: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedServer(t, 's1');
    staff = await signInAs(t, { name: 'Admin Ann', codes: ['bans.*', 'logs.view'] });
    ipViewer = await signInAs(t, { codes: ['players.view-ips'] });
  });
  afterAll(async () => t?.close());

  const create = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/bans', headers: staff.headers, payload });

  it('creates a ban by any Steam id form, with who, where and how long, and logs it', async () => {
    const response = await create({
      steamid: 'STEAM_0:1:1234567',
      ip: '198.51.100.9',
      playerName: 'Bob',
      reason: 'Cheating',
      length: 86400,
      serverId: 's1',
    });
    expect(response.statusCode).toBe(201);
    const ban = json(response);
    expect(ban).toMatchObject({
      steamid: BOB,
      playerName: 'Bob',
      reason: 'Cheating',
      length: 86400,
      status: 'active',
      adminName: 'Admin Ann',
      serverName: 'Versus #1',
    });
    expect(ban.expiresAt - ban.createdAt).toBe(86400);
    expect(ban.ip).toBeUndefined();
    const logs = json(await t.app.inject({ method: 'GET', url: `/api/logs?player=${BOB}`, headers: staff.headers }));
    expect(logs.entries[0].message).toContain('banned Bob for 1 day(s) (reason "Cheating")');
  });

  it('never shows IPs to anonymous visitors or staff without players.view-ips', async () => {
    for (const headers of [undefined, staff.headers]) {
      const list = await t.app.inject({ method: 'GET', url: '/api/bans', headers });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('198.51.100.9');
      const byIp = await t.app.inject({ method: 'GET', url: '/api/bans?q=198.51.100.9', headers });
      expect(json(byIp).bans).toEqual([]);
    }
    const anonymous = bansListResponseSchema.parse(json(await t.app.inject({ method: 'GET', url: '/api/bans' })));
    expect(anonymous.bans[0]).toMatchObject({
      playerName: 'Bob',
      steamid: BOB,
      reason: 'Cheating',
      adminName: 'Admin Ann',
    });
    const single = await t.app.inject({ method: 'GET', url: `/api/bans/${anonymous.bans[0]?.id}` });
    expect(single.body).not.toContain('198.51.100.9');
    expect(json(single)).not.toHaveProperty('ip');
    const withIps = json(
      await t.app.inject({ method: 'GET', url: '/api/bans?q=198.51.100.9', headers: ipViewer.headers }),
    );
    expect(withIps.bans[0].ip).toBe('198.51.100.9');
  });

  it('edits, then unbans keeping the history; a lifted ban cannot be lifted or edited again', async () => {
    const ban = json(await create({ steamid: BOB, reason: 'Spam', length: null }));
    expect(ban).toMatchObject({ length: null, expiresAt: null });
    const edited = json(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/bans/${ban.id}`,
        headers: staff.headers,
        payload: { reason: 'Mic spam', length: 3600 },
      }),
    );
    expect(edited).toMatchObject({ reason: 'Mic spam', length: 3600, expiresAt: ban.createdAt + 3600 });
    const lifted = await t.app.inject({
      method: 'POST',
      url: `/api/bans/${ban.id}/unban`,
      headers: staff.headers,
      payload: { reason: 'Apologised' },
    });
    expect(json(lifted)).toMatchObject({
      status: 'unbanned',
      unbannedByName: 'Admin Ann',
      unbanReason: 'Apologised',
      reason: 'Mic spam',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/bans/${ban.id}/unban`,
      headers: staff.headers,
      payload: { reason: 'again' },
    });
    expect(again.statusCode).toBe(409);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/bans/${ban.id}`,
      headers: staff.headers,
      payload: { reason: 'x' },
    });
    expect(edit.statusCode).toBe(409);
    // Nothing is deleted: the player's history still holds both bans.
    const history = json(await t.app.inject({ method: 'GET', url: `/api/bans?steamid=[U:1:2469135]` }));
    expect(history.bans.map((b: { status: string }) => b.status).sort()).toEqual(['active', 'unbanned']);
  });

  it('filters by status, admin and server and pages by keyset without repeats', async () => {
    for (let i = 0; i < 7; i++)
      await create({ steamid: `7656119796026${5800 + i}`, playerName: `Pager ${i}`, reason: 'page', length: 600 });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/bans?q=pager&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = json(await t.app.inject({ method: 'GET', url }));
      seen.push(...page.bans.map((b: { id: number }) => b.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const unbanned = json(await t.app.inject({ method: 'GET', url: '/api/bans?status=unbanned' }));
    expect(unbanned.bans.every((b: { status: string }) => b.status === 'unbanned')).toBe(true);
    const byServer = json(await t.app.inject({ method: 'GET', url: '/api/bans?serverId=s1' }));
    expect(byServer.bans).toHaveLength(1);
    const byAdmin = json(await t.app.inject({ method: 'GET', url: `/api/bans?adminId=${staff.userId}&limit=100` }));
    expect(byAdmin.bans.length).toBeGreaterThanOrEqual(9);
  });

  it('the list finds bans by words of their reason as well as by player name', async () => {
    const staff = await signInAs(t, { codes: ['bans.*'] });
    for (const [steamid, reason] of [
      ['76561197960287930', 'Aimbot on the reason-test server'],
      ['76561197960287931', 'Toxic chat'],
    ] as const) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/bans',
        headers: staff.headers,
        payload: { steamid, reason, length: null },
      });
      expect(created.statusCode).toBe(201);
    }
    for (const q of ['aimbot', 'REASON-TEST', 'the reason']) {
      const listed = await t.app.inject({ method: 'GET', url: `/api/bans?q=${encodeURIComponent(q)}` });
      expect(listed.statusCode, q).toBe(200);
      expect(
        (json(listed) as { bans: Array<{ reason: string }> }).bans.map((ban) => ban.reason),
        q,
      ).toEqual(['Aimbot on the reason-test server']);
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/bans?q=%25' });
    expect((json(none) as { bans: unknown[] }).bans).toEqual([]);
  });

  it('pages a search whose name and reason matches interleave, each ban once, newest first', async () => {
    const staff = await signInAs(t, { codes: ['bans.*'] });
    const made: number[] = [];
    // Alternating: a player named "Wallhack…" and a reason mentioning a wallhack, with a ban
    // matching both and bans matching neither between them.
    const rows = [
      { playerName: 'Wallhacker one', reason: 'Spam' },
      { playerName: 'Someone', reason: 'Used a wallhack' },
      { playerName: 'Nobody', reason: 'Toxic' },
      { playerName: 'Wallhack two', reason: 'Wallhack again' },
      { playerName: 'Other', reason: 'wallhack in round 3' },
      { playerName: 'Wallhacking three', reason: 'Aimbot' },
      { playerName: 'Quiet', reason: 'Afk' },
    ];
    for (const [index, row] of rows.entries()) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/bans',
        headers: staff.headers,
        payload: { steamid: `7656119796031${1000 + index}`, ...row, length: null },
      });
      expect(created.statusCode).toBe(201);
      if (/wallhack/i.test(row.playerName + row.reason)) made.unshift(json(created).id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/bans?q=wallhack&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = json(await t.app.inject({ method: 'GET', url }));
      expect(page.bans.length).toBeLessThanOrEqual(2);
      seen.push(...page.bans.map((b: { id: number }) => b.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made);
  });

  it('refuses bad input with 4xx and stores nothing', async () => {
    const before = await snapshotCounts(t);
    const bad: Array<[string, string, unknown]> = [
      ['POST', '/api/bans', { reason: 'no target', length: 60 }],
      ['POST', '/api/bans', { steamid: 'garbage', reason: 'x', length: 60 }],
      ['POST', '/api/bans', { steamid: BOB, reason: '', length: 60 }],
      ['POST', '/api/bans', { steamid: BOB, reason: 'x'.repeat(501), length: 60 }],
      ['POST', '/api/bans', { steamid: BOB, reason: 'x', length: -5 }],
      ['POST', '/api/bans', { steamid: BOB, reason: 'x', length: 60, serverId: 'nope' }],
      ['POST', '/api/bans', { steamid: BOB, ip: 'not an ip', reason: 'x', length: 60 }],
      ['PATCH', '/api/bans/1', {}],
      ['PATCH', '/api/bans/abc', { reason: 'x' }],
      ['PATCH', '/api/bans/99999', { reason: 'x' }],
      ['POST', '/api/bans/1/unban', { reason: '' }],
    ];
    for (const [method, url, payload] of bad) {
      const response = await t.app.inject({
        method: method as 'POST',
        url,
        headers: staff.headers,
        payload: payload as object,
      });
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(json(response)).toHaveProperty('message');
    }
    for (const url of [
      '/api/bans?cursor=bm9wZQ',
      '/api/bans?limit=1000',
      '/api/bans?status=weird',
      `/api/bans?q=${'x'.repeat(300)}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    }
    expect(await snapshotCounts(t)).toEqual(before);
  });
});
