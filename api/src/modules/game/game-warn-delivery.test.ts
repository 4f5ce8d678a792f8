import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeRconServer } from '../../test-support/fakes/fake-rcon-server';
import {
  CommandPlugin,
  issueToken,
  markConnected,
  openEnforcementWorld,
  until,
} from '../../test-support/game-commands-kit';
import { json } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Warnings enforced live (issue 25 item 2): a warning given on the web or in game is shown at
// once on every server where the player is connected: a `warn` command on the plugin's channel
// (a fake plugin over HTTP) with the reason and the active count, else `sm_psay` over RCON.

const ALICE = '76561197960287930'; // STEAM_1:0:11101
const ENV = { GAME_COMMAND_REDELIVER_SECONDS: '1', RCON_TIMEOUT_MS: '2000' };

describe.each(testDatabases())('warnings shown live on $name', (kind) => {
  let drop: () => Promise<void>;
  let t: TestApp & { baseUrl: string };
  let staff: SignedIn;
  let plugin: CommandPlugin;
  let rcon: FakeRconServer;

  const warn = (payload: object, who: SignedIn = staff) =>
    t.app.inject({ method: 'POST', url: '/api/warnings', headers: who.headers, payload });

  beforeAll(async () => {
    let url: string;
    ({ url, drop } = await kind.create());
    ({ t, rcon, plugin } = await openEnforcementWorld(url, ENV));
    staff = await signInAs(t, { name: 'Warden', codes: ['warnings.*', 'players.view'], flags: 'b', immunity: 50 });
    const joined = await plugin.postEvents([
      CommandPlugin.event('connect', { steamid: ALICE, name: 'Alice', ip: '198.51.100.7' }),
    ]);
    expect(joined.status).toBe(200);
    await markConnected(t, 'rcononly', ALICE);
  });
  afterAll(async () => {
    await t?.close();
    await rcon?.close();
    await drop?.();
  });

  it('a web warning reaches the plugin (warn, reason, active count) and RCON (sm_psay) within seconds', async () => {
    const held = plugin.poll(20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = rcon.commands.length;
    const started = performance.now();
    const created = await warn({ steamid: ALICE, reason: 'Mic "spam"; stop' });
    expect(created.statusCode).toBe(201);
    const warningId = json(created).warning.id;
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(answer.body.commands).toEqual([
      expect.objectContaining({
        kind: 'warn',
        steamid: ALICE,
        steam2: 'STEAM_1:0:11101',
        reason: 'Mic "spam"; stop',
        activeWarnings: 1,
        warningId,
        banId: null,
        message: 'You were warned by Warden: Mic "spam"; stop (1 active warning)',
      }),
    ]);
    const line = await until(() => rcon.commands.slice(before).find((l) => l.startsWith('sm_psay')));
    // The reason cannot end the quoted argument nor chain a second command.
    expect(line).toBe('sm_psay "#STEAM_1:0:11101" "You were warned by Warden: Mic spam stop (1 active warning)"');
    expect(performance.now() - started).toBeLessThan(2000);
    await plugin.ack(answer.body.commands.map((c: { id: number }) => c.id));
  });

  it('a warning given in game on another server is shown on the server the player is on, counting both', async () => {
    const other = new CommandPlugin(t.baseUrl, await issueToken(t, 'rcononly'));
    const warned = await other.call('POST', '/warnings', {
      steamid: 'STEAM_1:0:11101',
      reason: 'Teamkilling',
      admin: { name: 'Console admin' },
    });
    expect(warned.status).toBe(201);
    const answer = await plugin.poll(5);
    expect(answer.body.commands).toEqual([
      expect.objectContaining({
        kind: 'warn',
        activeWarnings: 2,
        warningId: warned.body.warning.id,
        message: 'You were warned by Console admin: Teamkilling (2 active warnings)',
      }),
    ]);
    await plugin.ack(answer.body.commands.map((c: { id: number }) => c.id));
  });

  it('a player who is not connected anywhere gets no command, and a refused warning sends nothing', async () => {
    const bob = '76561197962734863';
    const before = rcon.commands.length;
    const created = await warn({ steamid: bob, reason: 'Elsewhere' });
    expect(created.statusCode).toBe(201);
    const reader = await signInAs(t, { name: 'Reader', codes: ['players.view'] });
    const refused = await warn({ steamid: ALICE, reason: 'Not allowed' }, reader);
    expect(refused.statusCode).toBe(403);
    expect((await plugin.poll(1)).status).toBe(204);
    expect(rcon.commands.slice(before)).toEqual([]);
  });
});
