// Starts the production server for e2e on a fresh SQLite file, seeded with a notice and
// a server group, and with a registry holding three extra remotes that fail in different ways.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../api/src/db/database';
import { toJsonColumn } from '../../api/src/db/json-column';
import { migrateToLatest } from '../../api/src/db/migrate';
import { writeSetting } from '../../api/src/modules/meta/settings-repository';
import { startFakeDiscordOAuth } from '../../api/src/test-support/fakes/fake-discord-oauth';
import { startFakeDiscordWebhooks } from '../../api/src/test-support/fakes/fake-discord-webhooks';
import { startFakeSteamOpenId } from '../../api/src/test-support/fakes/fake-steam-openid';
import { freshNamedPostgres } from '../../api/src/test-support/test-databases';
import { CONTRACT_VERSION } from '../../shared/contracts/src/contract-version';
import { E2E_DISCORD_USER, E2E_STEAM_PLAYER, e2eDatabaseUrl, e2eDataDir, fakeDiscordWebhooksFile } from './e2e-session';
import { startFakeGameServers } from './fake-game-servers';
import { startE2eWorkshop } from './fake-workshop-e2e';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = e2eDataDir;
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const databaseUrl = e2eDatabaseUrl;

const registry = JSON.parse(fs.readFileSync(path.join(here, '../../deploy/remotes.json'), 'utf8'));
const table = (id: string, title: string) => ({
  id,
  contractVersion: CONTRACT_VERSION,
  routes: [{ path: `/${id}`, title, nav: true, topLevel: true }],
});
// A remote with a good route table whose entry points nowhere: its nav entry shows, its page fails alone.
registry.push({
  name: 'ghost',
  entry: 'http://127.0.0.1:9/remotes/ghost/mf-manifest.json',
  prefixes: ['/ghost'],
  routeTable: table('ghost', 'Ghost'),
});
// A remote whose route table breaks the contract: dropped alone, with the reason on its pages.
registry.push({
  name: 'broken',
  entry: '/remotes/broken/mf-manifest.json',
  prefixes: ['/broken'],
  routeTable: { id: 'broken', contractVersion: CONTRACT_VERSION, routes: [{ path: 'broken', title: '' }] },
});
// A remote whose server accepts the request and never answers: it must not hold the page.
const hanging = http.createServer(() => {});
await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
const hangingPort = (hanging.address() as AddressInfo).port;
registry.push({
  name: 'slowpoke',
  entry: `http://127.0.0.1:${hangingPort}/mf-manifest.json`,
  prefixes: ['/slowpoke'],
  routeTable: table('slowpoke', 'Slowpoke'),
});
const registryPath = path.join(dir, 'remotes.json');
fs.writeFileSync(registryPath, JSON.stringify(registry));

// On PostgreSQL (E2E_DATABASE_URL) the port's database starts empty, as the SQLite file does.
const postgresBase = process.env.E2E_DATABASE_URL;
if (postgresBase) await freshNamedPostgres(postgresBase, new URL(databaseUrl).pathname.slice(1));
const database = openDatabase(databaseUrl);
await migrateToLatest(database.db);
await writeSetting(database.db, 'notice', { enabled: true, text: 'Welcome to the e2e community', class: 'is-info' });
await database.db
  .insertInto('server_groups')
  .values({
    id: 'coop',
    name: 'Coop Servers',
    description: 'Campaigns with friends',
    game: 'l4d2',
    type: 'custom',
    template_id: null,
    actions: '[]',
    created_at: 1,
  })
  .execute();
await database.db
  .insertInto('servers')
  .values({
    id: 'coop-1',
    group_id: 'coop',
    name: 'Coop #1',
    host: 'coop1.example.org',
    ip: '127.0.0.1',
    port: 27015,
    query_port: null,
    rcon_port: null,
    rcon_password: 'never-shown',
    tags: toJsonColumn([]),
    features: toJsonColumn([]),
    actions: toJsonColumn([]),
    status: toJsonColumn({ online: true, data: { players: [{ name: 'Zoey' }], maxplayers: 4, map: 'c2m1_highway' } }),
    status_updated_at: 1,
    created_at: 1,
  })
  .execute();
// Real A2S, Server List Ping and RCON servers and a Docker Engine on loopback, with their groups and servers.
const fakes = await startFakeGameServers(database.db);
await database.close();
Object.assign(process.env, fakes.env);

// Outside parties, on loopback: Steam (OpenID + Web API) and Discord (OAuth 2.0).
const steam = await startFakeSteamOpenId({
  steamId: E2E_STEAM_PLAYER.steamId,
  players: {
    [E2E_STEAM_PLAYER.steamId]: { personaname: E2E_STEAM_PLAYER.name, avatarhash: E2E_STEAM_PLAYER.avatarHash },
  },
});
const discord = await startFakeDiscordOAuth(E2E_DISCORD_USER);
// Discord's webhook endpoint (issue 15): the panel's webhooks post there; the specs read what
// arrived and script 429s through its /_fake/ routes, found in a file in the data folder.
const discordWebhooks = await startFakeDiscordWebhooks();
fs.writeFileSync(fakeDiscordWebhooksFile, JSON.stringify({ url: discordWebhooks.url }));
process.env.DISCORD_WEBHOOK_URL = discordWebhooks.url;
// The Steam Workshop (API and file host) for the shares-addons specs; addon files under the data folder.
Object.assign(process.env, (await startE2eWorkshop()).env, { STORAGE_DIR: path.join(dir, 'files') });
Object.assign(process.env, discord.env, {
  STEAM_OPENID_URL: steam.openidUrl,
  STEAM_WEB_API_URL: steam.webApiUrl,
  STEAM_API_KEY: 'e2e-steam-web-api-key',
  STEAM_STATUS_URL: 'none',
  // Notifications written by the test process (another process) arrive within a heartbeat.
  SSE_HEARTBEAT_SECONDS: '1',
});

process.env.DATABASE_URL = databaseUrl;
process.env.REMOTES_REGISTRY = registryPath;
// Remote releases published by the releases spec live in the data folder, not the work tree.
process.env.REMOTE_RELEASES_DIR = path.join(dir, 'releases');
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
await import('../../api/src/server');
