import { PRESENCE_STALE_SECONDS, playerDetailSchema, serverPresenceSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJsonColumn } from '../../db/json-column';
import { nowSeconds } from '../../lib/clock';
import { FakePlugin } from '../../test-support/fakes/fake-plugin';
import { serveTwoServers } from '../../test-support/game-fixtures';
import { json, seedServer } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Issue 25 item 1, who is where: GET /api/game-presence/{serverId} from the plugin's connect and
// disconnect events sent over real HTTP, the A2S names of a server without a plugin, the site
// setting recentPlayersMinutes, and the player's overview (servers[].connectedAt).

const ON = '76561197960300101'; // connected to s1 a minute ago
const LEFT = '76561197960300102'; // connected and left s1 ten minutes ago
const EARLIER = '76561197960300103'; // left s1 two hours ago
const STALE = '76561197960300104'; // connected to s1 13 hours ago, never left
const ELSEWHERE = '76561197960300105'; // connected to s2 only

describe.each(testDatabases())('who is where on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let staff: SignedIn;
  let s1: FakePlugin;
  const now = nowSeconds();

  const presence = (serverId: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/game-presence/${encodeURIComponent(serverId)}`, headers });

  async function send(plugin: FakePlugin, type: 'connect' | 'disconnect', steamid: string, name: string, at: number) {
    const sent = await plugin.postEvents([FakePlugin.event(type, { steamid, name, timestamp: at })]);
    expect(sent.status).toBe(200);
    expect(sent.body.accepted).toBe(1);
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, {
      name: 'Owner',
      codes: ['servers.tokens', 'panel.settings', 'players.view'],
      flags: 'z',
      immunity: 99,
    });
    staff = await signInAs(t, { name: 'Staff', codes: ['players.view'] });
    let s2: FakePlugin;
    [s1, s2] = await serveTwoServers(t, owner, '76561197960300199');
    await send(s1, 'connect', ON, 'On Now', now - 60);
    await send(s1, 'connect', LEFT, 'Just Left', now - 1200);
    await send(s1, 'disconnect', LEFT, 'Just Left', now - 600);
    await send(s1, 'connect', EARLIER, 'Earlier', now - 3 * 3600);
    await send(s1, 'disconnect', EARLIER, 'Earlier', now - 2 * 3600);
    await send(s1, 'connect', STALE, 'Stale', now - 13 * 3600);
    await send(s2, 'connect', ELSEWHERE, 'Elsewhere', now - 30);
    // s3 has no plugin token: the poller's last A2S answer is all there is.
    await seedServer(t, 's3', 'Coop #1');
    await t.database.db
      .updateTable('servers')
      .set({
        status: toJsonColumn({
          online: true,
          data: {
            players: [{ name: 'Anon', score: 3, duration: 70 }, { name: '' }],
            maxplayers: 8,
            map: 'c1m1',
            playerCount: 2,
          },
        }),
        status_updated_at: now,
      })
      .where('id', '=', 's3')
      .execute();
  });
  afterAll(async () => t?.close());

  it('lists who is connected by the plugin’s events and who left within the last 60 minutes', async () => {
    const response = await presence('s1', staff.headers);
    expect(response.statusCode).toBe(200);
    const answer = serverPresenceSchema.parse(json(response));
    expect(answer).toMatchObject({
      serverId: 's1',
      serverName: 'Versus #1',
      plugin: true,
      queried: null,
      recentMinutes: 60,
    });
    // A connect older than 12 h without a disconnect is stale: neither connected nor recent.
    expect(answer.connected).toEqual([{ steamid: ON, name: 'On Now', connectedAt: now - 60 }]);
    expect(answer.recent).toEqual([{ steamid: LEFT, name: 'Just Left', lastSeen: now - 600 }]);
    expect(response.body).not.toContain(STALE);
    expect(response.body).not.toContain(ELSEWHERE);
    const s2 = serverPresenceSchema.parse(json(await presence('s2', staff.headers)));
    expect(s2.connected.map((player) => player.steamid)).toEqual([ELSEWHERE]);
  });

  it('gives the A2S names, marked as names only, where the server has no plugin', async () => {
    const answer = serverPresenceSchema.parse(json(await presence('s3', staff.headers)));
    expect(answer).toMatchObject({ plugin: false, connected: [], recent: [] });
    expect(answer.queried).toEqual([{ name: 'Anon' }, { name: '' }]);
  });

  it('reaches as far back as the site setting says', async () => {
    const put = (value: unknown, headers = owner.headers) =>
      t.app.inject({ method: 'PUT', url: '/api/panel/settings', headers, payload: { recentPlayersMinutes: value } });
    const settings = await t.app.inject({ method: 'GET', url: '/api/panel/settings', headers: owner.headers });
    expect(json(settings).recentPlayersMinutes).toBe(60);
    for (const bad of [0, -5, 1.5, '180', null, 7 * 24 * 60 + 1]) {
      const refused = await put(bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(json(refused)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await put(180, staff.headers)).statusCode).toBe(403);
    expect((await put(180)).statusCode).toBe(200);
    try {
      const answer = serverPresenceSchema.parse(json(await presence('s1', staff.headers)));
      expect(answer.recentMinutes).toBe(180);
      expect(answer.recent.map((player) => player.steamid)).toEqual([LEFT, EARLIER]);
    } finally {
      expect((await put(60)).statusCode).toBe(200);
    }
  });

  it('refuses strangers, members without players.view and game tokens; an unknown server is 404', async () => {
    const member = await signInAs(t, { name: 'Member', codes: ['bans.view', 'servers.manage'] });
    const anonymous = await presence('s1', {});
    expect(anonymous.statusCode).toBe(401);
    const refused = await presence('s1', member.headers);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ error: 'FORBIDDEN' });
    const token = await presence('s1', { authorization: `Bearer ${s1.token}` });
    expect(token.statusCode).toBe(401);
    // The permission comes first: a stranger learns nothing about which servers exist.
    expect((await presence('nope', {})).statusCode).toBe(401);
    expect((await presence('nope', member.headers)).statusCode).toBe(403);
    const unknown = await presence('nope', staff.headers);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({ error: 'NOT_FOUND' });
    expect((await presence('x'.repeat(65), staff.headers)).statusCode).toBe(400);
    for (const response of [anonymous, refused, token]) expect(response.body).not.toContain(ON);
  });

  it('shows in the player’s overview where they are connected now, and not a stale connect', async () => {
    const detail = async (steamid: string) =>
      playerDetailSchema.parse(
        json(await t.app.inject({ method: 'GET', url: `/api/players/${steamid}`, headers: staff.headers })),
      );
    expect((await detail(ON)).servers).toEqual([
      expect.objectContaining({ serverId: 's1', serverName: 'Versus #1', connectedAt: now - 60 }),
    ]);
    expect((await detail(LEFT)).servers).toEqual([
      expect.objectContaining({ serverId: 's1', connectedAt: null, lastSeen: now - 600 }),
    ]);
    const stale = await detail(STALE);
    expect(stale.servers[0]).toMatchObject({ serverId: 's1', connectedAt: null });
    expect(now - stale.servers[0]!.lastSeen).toBeGreaterThan(PRESENCE_STALE_SECONDS);
  });
});
