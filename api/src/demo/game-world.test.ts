import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { playersBansNotesService } from '../modules/players-bans-notes';
import { A2sClient } from '../protocols/a2s-client';
import { pingMinecraft } from '../protocols/minecraft-ping';
import { runRconCommand } from '../protocols/rcon-client';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { testDatabases } from '../test-support/test-databases';
import { type RunningFleet, startDemoFleet } from './demo-fleet';
import { GameWorld, seededRandom } from './game-world';
import { PluginClient } from './plugin-client';
import { minecraftPopulation, simulatedPopulation } from './population';
import { backfillHistory, seedDemo } from './seed';

const ADMIN = { steamid: '76561197960265730', name: 'Demo Moderator' };

describe('the demo simulators, read by our real query clients', () => {
  let fleet: RunningFleet;
  let a2s: A2sClient;
  let world: GameWorld;
  beforeAll(async () => {
    fleet = await startDemoFleet();
    a2s = await A2sClient.open();
    world = new GameWorld({
      servers: fleet.servers.map((s) => (s.game === 'minecraft' ? { ...s, population: minecraftPopulation() } : s)),
      population: simulatedPopulation(),
      admin: ADMIN,
      random: seededRandom(7),
      ticksPerMap: 3,
    });
  });
  afterAll(async () => {
    await world?.stop();
    a2s?.close();
    await fleet?.close();
  });

  const server = (id: string) =>
    fleet.servers.find((candidate) => candidate.id === id) as RunningFleet['servers'][number];

  it('has a server for each of L4D2, TF2, CS2 and Minecraft', () => {
    expect(new Set(fleet.servers.map((s) => s.game))).toEqual(new Set(['l4d2', 'tf2', 'cs2', 'minecraft']));
  });

  it('answers A2S with each game, its map and the players the world put on it', async () => {
    await world.populate();
    for (const [id, folder] of [
      ['l4d2-coop-1', 'left4dead2'],
      ['tf2-2fort', 'tf'],
      ['cs2-dust2', 'cs2'],
    ] as const) {
      const outcome = await a2s.query('127.0.0.1', server(id).port, 1000);
      if (outcome.kind !== 'answered') throw new Error(`${id} did not answer: ${outcome.kind}`);
      expect(outcome.info.folder).toBe(folder);
      expect(outcome.info.map).toBe(world.mapOf(id));
      expect(outcome.info.players).toBe(world.playersOn(id).length);
      expect(outcome.info.players).toBeGreaterThan(0);
      expect(outcome.players?.map((p) => p.name).sort()).toEqual([...world.playersOn(id)].sort());
    }
  });

  it('answers the Server List Ping with the players online', async () => {
    const outcome = await pingMinecraft('127.0.0.1', server('mc-survival').port, 1000);
    if (outcome.kind !== 'answered') throw new Error(`no answer: ${outcome.kind}`);
    expect(outcome.status.online).toBe(world.playersOn('mc-survival').length);
    expect(outcome.status.sample.map((p) => p.name).sort()).toEqual([...world.playersOn('mc-survival')].sort());
    expect(outcome.status.max).toBe(20);
  });

  it('changes as time passes: players come and go, maps rotate', async () => {
    const before = { players: world.playersOn('tf2-2fort').join(), map: world.mapOf('tf2-2fort') };
    for (let i = 0; i < 6; i++) await world.tick();
    const outcome = await a2s.query('127.0.0.1', server('tf2-2fort').port, 1000);
    if (outcome.kind !== 'answered') throw new Error('no answer');
    expect(outcome.players?.map((p) => p.name).join()).not.toBe(before.players);
    expect(outcome.info.map).not.toBe(before.map);
    expect(outcome.players?.some((p) => p.score > 0)).toBe(true);
  });

  it('runs RCON commands against its server: status, changelevel, unknown commands', async () => {
    const target = {
      host: '127.0.0.1',
      port: server('cs2-dust2').rconPort as number,
      password: fleet.rconPassword,
      timeoutMs: 2000,
    };
    const status = await runRconCommand(target, 'status');
    expect(status).toContain('hostname: CS2 Competitive');
    expect(status).toContain(`map     : ${world.mapOf('cs2-dust2')}`);
    expect(await runRconCommand(target, 'changelevel de_nuke')).toContain('Changing level to de_nuke');
    expect(world.mapOf('cs2-dust2')).toBe('de_nuke');
    const outcome = await a2s.query('127.0.0.1', server('cs2-dust2').port, 1000);
    expect(outcome.kind === 'answered' && outcome.info.map).toBe('de_nuke');
    expect(await runRconCommand(target, 'nonsense')).toContain('Unknown command "nonsense"');
    await expect(runRconCommand({ ...target, password: 'wrong' }, 'status')).rejects.toThrow();
  });
});

describe.each(testDatabases())('the simulated plugin through the real plugin API on $name', (kind) => {
  let t: TestApp;
  let fleet: RunningFleet;
  let apiUrl: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    apiUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    fleet = await startDemoFleet();
  });
  afterAll(async () => {
    await t?.close();
    await fleet?.close();
  });
  let world: GameWorld | null = null;
  afterEach(async () => world?.stop());

  it('seeds through the doors, fills players and the log, and kicks a banned player on connect', async () => {
    const population = simulatedPopulation();
    const seeded = await seedDemo(t.database.db, fleet, population);
    const coop = fleet.servers.find((s) => s.id === 'l4d2-coop-1') as RunningFleet['servers'][number];
    const plugin = new PluginClient(apiUrl, seeded.tokens['l4d2-coop-1'] as string);
    expect(await backfillHistory([{ serverId: coop.id, plugin }], population.slice(0, 5), seededRandom(1))).toBe(42);
    const players = await playersBansNotesService.listPlayers(t.database.db, { limit: 50 });
    expect(JSON.stringify(players)).toContain(population[0]?.name ?? 'none');

    // A world of one player, banned before: every join attempt is refused and logged.
    const banned = population.find((p) => p.steamid === seeded.bannedSteamIds[0]);
    if (!banned) throw new Error('no banned player');
    world = new GameWorld({
      servers: [{ ...coop, plugin }],
      population: [banned],
      admin: ADMIN,
      random: seededRandom(3),
    });
    await world.populate();
    expect(world.playersOn(coop.id)).toEqual([]);
    expect(world.record.kicks[0]).toMatchObject({ steamid: banned.steamid, serverId: coop.id });
    const kickLine = await t.database.db
      .selectFrom('log_entries')
      .select(['message', 'target'])
      .where('message', 'like', `kicked "${banned.name}" on connect%`)
      .executeTakeFirst();
    expect(kickLine?.target).toBe(banned.steamid);
    expect(kickLine?.message).toContain('You are banned from this server');

    // An unbanned player joins, and the connect reaches the log.
    const free = population[2];
    if (!free) throw new Error('no player');
    world = new GameWorld({
      servers: [{ ...coop, plugin }],
      population: [free],
      admin: ADMIN,
      random: seededRandom(3),
    });
    await world.populate();
    expect(world.playersOn(coop.id)).toEqual([free.name]);
    const connected = await t.database.db
      .selectFrom('log_entries')
      .select('message')
      .where('client', '=', free.steamid)
      .where('message', '=', 'connected')
      .execute();
    expect(connected.length).toBeGreaterThan(0);

    // Servers step in parallel, and the connect check takes a round trip: one player still joins one server.
    const versus = fleet.servers.find((s) => s.id === 'l4d2-versus-1') as RunningFleet['servers'][number];
    const versusPlugin = new PluginClient(apiUrl, seeded.tokens['l4d2-versus-1'] as string);
    const lone = population[3];
    if (!lone) throw new Error('no player');
    world = new GameWorld({
      servers: [
        { ...coop, plugin },
        { ...versus, plugin: versusPlugin },
      ],
      population: [lone],
      admin: ADMIN,
      random: seededRandom(5),
    });
    await world.populate();
    expect([...world.playersOn(coop.id), ...world.playersOn(versus.id)]).toEqual([lone.name]);
    for (let i = 0; i < 5; i++) {
      await world.tick();
      expect(world.playersOn(coop.id).length + world.playersOn(versus.id).length).toBeLessThanOrEqual(1);
    }

    // Banned on the web while in play (issue 25): the plugin's command channel kicks them within seconds.
    const cheater = population[4];
    if (!cheater) throw new Error('no player');
    world = new GameWorld({
      servers: [{ ...coop, plugin }],
      population: [cheater],
      admin: ADMIN,
      random: seededRandom(7),
    });
    await world.populate();
    expect(world.playersOn(coop.id)).toEqual([cheater.name]);
    world.holdCommandChannels(5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const bannedAt = Date.now();
    await playersBansNotesService.createBan(
      t.database.db,
      { type: 'ban', steamid: cheater.steamid, reason: 'Caught cheating', length: 3600 },
      { id: null, name: 'Web admin' },
    );
    while (world.playersOn(coop.id).length > 0 && Date.now() - bannedAt < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(world.playersOn(coop.id)).toEqual([]);
    expect(Date.now() - bannedAt).toBeLessThan(2000);
    expect(world.record.commands).toEqual([
      expect.objectContaining({ kind: 'ban', steamid: cheater.steamid, serverId: coop.id }),
    ]);
    let kicked: { message: string } | undefined;
    while (!kicked && Date.now() - bannedAt < 3000) {
      kicked = await t.database.db
        .selectFrom('log_entries')
        .select('message')
        .where('target', '=', cheater.steamid)
        .where('message', 'like', `kicked "${cheater.name}" (You are banned%`)
        .executeTakeFirst();
      if (!kicked) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(kicked?.message).toContain('Reason: Caught cheating');
  });
});
