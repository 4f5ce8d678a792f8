// `pnpm demo`: Outpost on a fresh SQLite file with seeded data, simulated game servers on
// loopback (real A2S, Server List Ping and RCON), a simulated game-server plugin posting
// through the real plugin API, and a sign-in that speaks Steam's OpenID 2.0 with three demo
// accounts. Everything runs in this one process; Ctrl+C stops all of it.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { logLine, renderBanner } from '../logging/banner';
import { serversService } from '../modules/servers';
import { startFakeDiscordBot } from '../test-support/fakes/fake-discord-bot';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { startDemoFleet } from './demo-fleet';
import { registerDemoDiscordRoute, setUpDemoDiscord } from './discord-channel';
import { GameWorld } from './game-world';
import { NEIGHBOUR_NAME, startNeighbourCommunity, subscribeToNeighbour } from './neighbour-community';
import { startDemoOpenIdProvider } from './openid-provider';
import { PluginClient } from './plugin-client';
import { minecraftPopulation, simulatedPopulation } from './population';
import { demoRefusal, demoSetting, isLoopbackHost, PUBLIC_FLAG } from './refusal';
import { backfillHistory, seedDemo } from './seed';

const startedAt = performance.now();
const seconds = () => ((performance.now() - startedAt) / 1000).toFixed(1);
const say = (message: string) => console.log(`[demo] ${message}`);

const refusal = demoRefusal(process.env, process.argv.slice(2));
if (refusal) {
  console.error(`[demo] ${refusal}`);
  process.exit(2);
}

// `pnpm demo` passes <repository>/.demo; run by hand, the folder is .demo where it is started.
const dataDir = path.resolve(process.env.DEMO_DATA_DIR ?? '.demo');
let settings: { tickMs: number; ticksPerMap: number; openidPort: number; historyDays: number };
try {
  settings = {
    tickMs: demoSetting(process.env, 'DEMO_TICK_MS', 2000, { min: 100, max: 600_000 }),
    ticksPerMap: demoSetting(process.env, 'DEMO_TICKS_PER_MAP', 60, { min: 1, max: 100_000 }),
    openidPort: demoSetting(process.env, 'DEMO_OPENID_PORT', 0, { min: 0, max: 65_535 }),
    historyDays: demoSetting(process.env, 'DEMO_HISTORY_DAYS', 4, { min: 0, max: 30 }),
  };
} catch (error) {
  console.error(`[demo] ${(error as Error).message}`);
  process.exit(2);
}
// A fresh start every time: the demo's data are made up and thrown away.
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const port = process.env.PORT ?? '8080';
const host = process.env.HOST ?? '127.0.0.1';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const publicMode = !isLoopbackHost(host) || process.argv.includes(PUBLIC_FLAG);

// The sign-in provider is reached by the browser: on a public demo it listens where the site does.
const provider = await startDemoOpenIdProvider({
  host: publicMode ? host : '127.0.0.1',
  port: settings.openidPort,
  publicHost: publicMode ? new URL(publicUrl).hostname : undefined,
});
const fleet = await startDemoFleet('127.0.0.1');
// Discord, simulated on loopback: it signs the demo page's slash commands and receives their follow-ups.
const discord = await startFakeDiscordBot();
// A second community publishing a signed ban feed, which the demo site subscribes to (issue 29).
const neighbour = await startNeighbourCommunity(dataDir);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig({
    ...process.env,
    PORT: port,
    HOST: host,
    PUBLIC_URL: publicUrl,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'outpost.sqlite')}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DEMO_MODE: 'true',
    STEAM_OPENID_URL: provider.openidUrl,
    // No outside party is asked anything: no Steam Web API, no Steam status, no Discord.
    STEAM_API_KEY: '',
    STEAM_STATUS_URL: 'none',
    DISCORD_CLIENT_ID: '',
    DISCORD_CLIENT_SECRET: '',
    DISCORD_API_URL: discord.apiUrl,
    POLL_INTERVAL_MS: process.env.POLL_INTERVAL_MS ?? '3000',
    POLL_TIMEOUT_MS: process.env.POLL_TIMEOUT_MS ?? '1000',
    FEDERATION_TRUSTED_HOSTS: [process.env.FEDERATION_TRUSTED_HOSTS, neighbour.host].filter(Boolean).join(','),
    FEDERATION_POLL_INTERVAL_MS: process.env.FEDERATION_POLL_INTERVAL_MS ?? '15000',
    STORAGE_DRIVER: 'local',
    STORAGE_DIR: path.join(dataDir, 'files'),
    STORAGE_STAGING_DIR: path.join(dataDir, 'staging'),
  });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`[demo] ${error.message}`);
    process.exit(2);
  }
  throw error;
}

const database = openDatabase(config.DATABASE_URL, { sqliteBusyWaitMs: config.SQLITE_BUSY_WAIT_MS });
await migrateToLatest(database.db);
const population = simulatedPopulation();
const seeded = await seedDemo(database.db, fleet, population);
// A few days of made-up server history, so the population charts are alive from the start.
await serversService.backfillServerHistory(
  database.db,
  fleet.servers.map((server) => ({ serverId: server.id, maxPlayers: server.maxplayers, maps: server.maps })),
  { days: settings.historyDays, now: Math.floor(Date.now() / 1000), random: Math.random },
);
await setUpDemoDiscord(database.db, discord, seeded.accounts.moderator.userId);
const app = await buildApp({ config, database });
registerDemoDiscordRoute(app, discord);
try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
  console.error(
    `[demo] cannot listen on ${config.HOST}:${config.PORT} (${code}): choose another port, e.g. PORT=8081 pnpm demo`,
  );
  process.exit(2);
}

// The simulated plugin talks to the API the way a game server does: over HTTP, with its token.
const address = app.server.address() as AddressInfo;
const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
const apiUrl = `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${address.port}`;
const random = Math.random;
const worldServers = fleet.servers.map((server) => {
  const token = seeded.tokens[server.id];
  return {
    ...server,
    plugin: token ? new PluginClient(apiUrl, token) : undefined,
    population: server.game === 'minecraft' ? minecraftPopulation() : undefined,
  };
});
await backfillHistory(
  worldServers.flatMap((server) => (server.plugin ? [{ serverId: server.id, plugin: server.plugin }] : [])),
  population.slice(0, -4),
  random,
);
const world = new GameWorld({
  servers: worldServers,
  population,
  admin: { steamid: seeded.accounts.moderator.steamId, name: seeded.accounts.moderator.name },
  random,
  ticksPerMap: settings.ticksPerMap,
  onError: (() => {
    // The same failure every tick would flood the terminal: say each new one, then every 100th.
    let count = 0;
    let last = '';
    return (message: string) => {
      count += 1;
      if (message !== last || count % 100 === 0) console.warn(`[demo] simulated server step failed: ${message}`);
      last = message;
    };
  })(),
});
await world.populate();
world.start(settings.tickMs);
await subscribeToNeighbour(app, database.db, seeded.accounts.owner.userId, neighbour);
// One more made-up cheater there now and then: the feed keeps moving while the demo runs.
const neighbourBans = setInterval(() => void neighbour.banOne().catch(() => undefined), 180_000);
neighbourBans.unref();

// The demo's site has an owner already (the "Demo owner" account): no setup link.
process.stdout.write(
  renderBanner({
    title: `Outpost demo is running (ready in ${seconds()} s; made-up data, fresh at every start)`,
    url: config.PUBLIC_URL,
    setupUrl: null,
    extra: [
      ['Sign in', `Login, then ${DEMO_ACCOUNTS.map((account) => `"${account.label}"`).join(', ')}`],
      ['Discord', `${config.PUBLIC_URL.replace(/\/+$/, '')}/demo/discord: slash commands as Demo moderator`],
      ['Federation', `${NEIGHBOUR_NAME} (${neighbour.site}) publishes bans; see /panel/federation`],
    ],
    data: `${path.relative(process.cwd(), dataDir) || dataDir} (deleted at the next start)`,
    log: logLine(config),
  }),
);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping`);
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  await world.stop();
  await app.close();
  await database.close();
  clearInterval(neighbourBans);
  await Promise.all([fleet.close(), provider.close(), discord.close(), neighbour.close()]);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
