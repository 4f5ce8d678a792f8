import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  slashCommand as command,
  linkDiscord,
  openStaffRoom,
  postInteraction,
  ROOM,
} from '../../test-support/discord-test-kit';
import type { FakeDiscordBot } from '../../test-support/fakes/fake-discord-bot';
import { json, seedServer } from '../../test-support/players-bans-notes-fixtures';
import { signInAs, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { metaService } from '../meta';

// /ban's scope option (issue 25 item 3): every server (default), a server group or one server,
// autocompleted with what the caller's roles allow; the ban service checks every ban again.

const HELD_DISCORD = '200000000000000009';
let players = 0;
const nextPlayer = () => String(76561198100000000n + BigInt(++players));

describe.each(testDatabases())('Discord /ban scope on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscordBot;
  let answered: Awaited<ReturnType<typeof openStaffRoom>>['answered'];

  const ban = (discordId: string, player: string, scope?: string) =>
    answered(
      command(discordId, 'ban', [
        { name: 'player', value: player },
        { name: 'length', value: '1d' },
        { name: 'reason', value: 'Aimbot' },
        ...(scope === undefined ? [] : [{ name: 'scope', value: scope }]),
      ]),
    );
  const scopeOf = async (player: string) =>
    t.database.db.selectFrom('bans').select(['scope_kind', 'scope_id']).where('steamid', '=', player).execute();
  const autocomplete = async (discordId: string, typed: string) =>
    json(
      await postInteraction(t, discord, {
        type: 4,
        data: {
          name: 'ban',
          options: [
            { name: 'player', value: ROOM.target },
            { name: 'scope', value: typed, focused: true },
          ],
        },
        member: { user: { id: discordId } },
      }),
    ).data.choices as { name: string; value: string }[];

  beforeAll(async () => {
    ({ t, discord, answered } = await openStaffRoom(kind));
    // s1 'Versus #1' in g-s1 'Versus' (from the room); s2 in another group also called 'Versus';
    // s3 'Third #1' alone in 'Third'.
    await seedServer(t, 's2', 'Other #1');
    await seedServer(t, 's3', 'Third #1');
    await t.database.db.updateTable('server_groups').set({ name: 'Third' }).where('id', '=', 'g-s3').execute();
    const admin = await signInAs(t, { name: 'Role admin', flags: 'z', codes: ['*'], immunity: 100 });
    const held = await signInAs(t, { name: 'Held', immunity: 10 });
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/panel/roles',
      headers: admin.headers,
      payload: {
        name: 'Third moderators',
        codes: ['bans.create', 'players.view'],
        flags: 'bcd',
        immunityLevel: 10,
        limits: {
          banMaxSeconds: null,
          commMaxSeconds: null,
          mayGivePermanent: true,
          mayLiftOthers: false,
          banGroupIds: ['g-s3'],
        },
      },
    });
    expect(role.statusCode, role.body).toBe(201);
    const given = await t.app.inject({
      method: 'POST',
      url: `/api/panel/roles/${json(role).id}/holders`,
      headers: admin.headers,
      payload: { userId: held.userId },
    });
    expect(given.statusCode).toBe(200);
    await linkDiscord(t, held.userId, HELD_DISCORD);
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });

  it('bans on one server, a group or every server, picked from the list or typed out', async () => {
    const cases: [string | undefined, { scope_kind: string; scope_id: string | null }, string][] = [
      [undefined, { scope_kind: 'community', scope_id: null }, ''],
      ['   ', { scope_kind: 'community', scope_id: null }, ''],
      ['community', { scope_kind: 'community', scope_id: null }, ''],
      ['all servers', { scope_kind: 'community', scope_id: null }, ''],
      ['server:s1', { scope_kind: 'server', scope_id: 's1' }, ' on Versus #1 only'],
      ['third #1', { scope_kind: 'server', scope_id: 's3' }, ' on Third #1 only'],
      ['group:g-s1', { scope_kind: 'group', scope_id: 'g-s1' }, ' on Every server of Versus only'],
      ['Every server of Third', { scope_kind: 'group', scope_id: 'g-s3' }, ' on Every server of Third only'],
      ['THIRD', { scope_kind: 'group', scope_id: 'g-s3' }, ' on Every server of Third only'],
    ];
    for (const [scope, stored, said] of cases) {
      const player = nextPlayer();
      const answer = await ban(ROOM.discord.owner, player, scope);
      expect({ scope, content: answer.data.content }).toEqual({
        scope,
        content: expect.stringMatching(/^Banned \*\*/),
      });
      expect(answer.data.content).toContain(`for 1 day${said} — Aimbot`);
      expect(await scopeOf(player)).toEqual([stored]);
    }
  });

  it('refuses a scope that names nothing, or two things, or one beyond the caller’s groups; bans nobody', async () => {
    const refused: [string, string | undefined, RegExp][] = [
      [ROOM.discord.owner, 'Mars', /“Mars” is not a server, a server group or all servers/],
      [ROOM.discord.owner, 'server:nope', /is not a server/],
      [ROOM.discord.owner, 'group:', /is not a server/],
      [ROOM.discord.owner, 'planet:s1', /is not a server/],
      [ROOM.discord.owner, 'Versus', /More than one server or group is called “Versus”/],
      [HELD_DISCORD, undefined, /server groups/],
      [HELD_DISCORD, 'all servers', /server groups/],
      [HELD_DISCORD, 'server:s1', /./],
      [HELD_DISCORD, 'group:g-s1', /./],
    ];
    for (const [who, scope, message] of refused) {
      const player = nextPlayer();
      const answer = await ban(who, player, scope);
      expect({ scope, flags: answer.data.flags }).toEqual({ scope, flags: 64 });
      expect(answer.data.content).not.toMatch(/^Banned/);
      expect(answer.data.content).toMatch(message);
      expect(await scopeOf(player)).toEqual([]);
    }
    // Within the held group: banned there.
    const player = nextPlayer();
    expect((await ban(HELD_DISCORD, player, 'server:s3')).data.content).toMatch(/^Banned .* on Third #1 only/);
    expect(await scopeOf(player)).toEqual([{ scope_kind: 'server', scope_id: 's3' }]);
  });

  it('autocompletes the scopes the caller may give, and nothing for those who may not ban', async () => {
    const all = await autocomplete(ROOM.discord.owner, '');
    expect(all[0]).toEqual({ name: 'All servers', value: 'community' });
    expect(all.map((choice) => choice.value)).toEqual(
      expect.arrayContaining(['group:g-s1', 'server:s1', 'group:g-s2', 'server:s2', 'group:g-s3', 'server:s3']),
    );
    expect(await autocomplete(ROOM.discord.owner, 'third')).toEqual([
      { name: 'Every server of Third', value: 'group:g-s3' },
      { name: 'Third #1', value: 'server:s3' },
    ]);
    expect(await autocomplete(HELD_DISCORD, '')).toEqual([
      { name: 'Every server of Third', value: 'group:g-s3' },
      { name: 'Third #1', value: 'server:s3' },
    ]);
    expect(await autocomplete(ROOM.discord.member, '')).toEqual([]);
    expect(await autocomplete('200000000000000099', '')).toEqual([]);
  });

  it('/warn may name the server it happened on: it counts for the ladder’s per-server steps there', async () => {
    await metaService.writeSiteSettings(t.database.db, {
      warnings: { ladder: [{ warnings: 2, banLength: 3600, scope: 'server' }] },
    });
    const player = nextPlayer();
    const warn = (server?: string) =>
      answered(
        command(ROOM.discord.owner, 'warn', [
          { name: 'player', value: player },
          { name: 'reason', value: 'Mic spam' },
          ...(server === undefined ? [] : [{ name: 'server', value: server }]),
        ]),
      );
    expect((await warn('s3')).data.content).toMatch(
      /^Warned \*\*.*\*\* \(`\d+`\) on Third #1 — Mic spam — warning #\d+:/,
    );
    // One without a server does not count for the server step.
    expect((await warn()).data.content).not.toContain('ladder');
    for (const bad of ['Mars', 'g-s3', 'server:s3']) {
      const refused = await warn(bad);
      expect(refused.data.content).toMatch(/^Nobody was warned: “.*” is not one of the servers/);
    }
    const second = await warn('third #1');
    expect(second.data.content).toContain('the warnings ladder banned them');
    expect(await scopeOf(player)).toEqual([{ scope_kind: 'server', scope_id: 's3' }]);
    const warnings = await t.database.db
      .selectFrom('warnings')
      .select('server_id')
      .where('steamid', '=', player)
      .execute();
    expect(warnings.map((w) => w.server_id).sort()).toEqual([null, 's3', 's3'].sort());
    const choices = async (discordId: string) =>
      json(
        await postInteraction(t, discord, {
          type: 4,
          data: {
            name: 'warn',
            options: [
              { name: 'player', value: player },
              { name: 'server', value: '#1', focused: true },
            ],
          },
          member: { user: { id: discordId } },
        }),
      ).data.choices;
    const offered = (await choices(ROOM.discord.owner)) as { name: string; value: string }[];
    expect(offered.sort((a, b) => a.value.localeCompare(b.value))).toEqual([
      { name: 'Versus #1', value: 's1' },
      { name: 'Other #1', value: 's2' },
      { name: 'Third #1', value: 's3' },
    ]);
    expect(await choices(ROOM.discord.member)).toEqual([]);
  });
});
