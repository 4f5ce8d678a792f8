import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { SESSION_COOKIE } from '../lib/session-cookie';
import { authService } from '../modules/auth';
import { createSignedInUser } from '../test-support/test-users';

// The demo's second community (issue 29 item 5): another Outpost, in this process on its own
// loopback port and SQLite file, publishing a signed ban feed that the demo site subscribes to.
// It bans a few made-up cheaters at start and one more every few minutes, so the demo's
// /panel/federation, its review queue and the public list's "from <site>" have something to show.

export const NEIGHBOUR_NAME = 'Neighbour community';

/** Made-up cheaters: Steam ids outside the simulated population's range. */
const cheater = (n: number) => (76561198900000000n + BigInt(n)).toString();
const REASONS = ['Cheating: aimbot', 'Cheating: wallhack', 'Cheating: speedhack', 'Exploiting a map bug'];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface NeighbourCommunity {
  /** Its address, as the demo site subscribes to it (a trusted loopback host). */
  site: string;
  host: string;
  /** Bans one more made-up cheater there (published at once). */
  banOne(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the neighbour, publishing bans whose reason mentions cheating or exploiting. */
export async function startNeighbourCommunity(dataDir: string): Promise<NeighbourCommunity> {
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: site,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'neighbour.sqlite')}`,
    LOG_LEVEL: 'warn',
    WEB_ROOT: 'none',
    POLLER_ENABLED: 'false',
    STEAM_API_KEY: '',
    STEAM_STATUS_URL: 'none',
    STORAGE_DRIVER: 'local',
    STORAGE_DIR: path.join(dataDir, 'neighbour-files'),
    STORAGE_STAGING_DIR: path.join(dataDir, 'neighbour-staging'),
  });
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database.db);
  const owner = await createSignedInUser(database.db, { flags: 'z', name: 'Neighbour owner' }, 'Neighbour owner');
  const app: FastifyInstance = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  const headers = { cookie: `${SESSION_COOKIE}=${owner.token}`, origin: site };
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const reply = await app.inject({ method, url, headers, payload });
    if (reply.statusCode >= 300) throw new Error(`neighbour ${method} ${url}: ${reply.statusCode} ${reply.body}`);
  };
  await call('PUT', '/api/panel/federation/publishing', {
    enabled: true,
    kinds: ['ban'],
    rules: [
      { pattern: '*cheat*', category: 'cheating' },
      { pattern: '*exploit*', category: 'exploiting' },
    ],
  });
  let next = 1;
  const banOne = async () => {
    const n = next++;
    await call('POST', '/api/bans', {
      steamid: cheater(n),
      playerName: `Suspicious player ${n}`,
      reason: REASONS[n % REASONS.length] as string,
      length: n % 3 === 0 ? null : 7 * 86_400,
    });
  };
  for (let i = 0; i < 6; i++) await banOne();
  return {
    site,
    host: `127.0.0.1:${port}`,
    banOne,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The demo site subscribes to the neighbour as its owner would in /panel/federation: the
 * fingerprint read from the neighbour's well-known document (pinned as shown there), cheating
 * and exploiting taken and applied at once; then it reads the feed once, so the bans are there
 * from the start. Done through the real routes with a session of the demo owner's, signed out after.
 */
export async function subscribeToNeighbour(
  app: FastifyInstance,
  db: DatabaseHandle['db'],
  ownerId: string,
  neighbour: NeighbourCommunity,
): Promise<void> {
  const { token } = await authService.createSession(db, ownerId, { ip: '127.0.0.1', countryCode: '' });
  const headers = { cookie: `${SESSION_COOKIE}=${token}`, origin: app.config.PUBLIC_URL.replace(/\/+$/, '') };
  try {
    const known = (await (await fetch(`${neighbour.site}/.well-known/outpost-federation.json`)).json()) as {
      fingerprint: string;
    };
    const created = await app.inject({
      method: 'POST',
      url: '/api/panel/federation/subscriptions',
      headers,
      payload: {
        site: neighbour.site,
        fingerprint: known.fingerprint,
        categories: ['cheating', 'exploiting'],
        mode: 'apply',
      },
    });
    if (created.statusCode !== 201 && created.statusCode !== 200)
      throw new Error(`subscribing: ${created.statusCode} ${created.body}`);
    const { id } = created.json() as { id: string };
    await app.inject({ method: 'POST', url: `/api/panel/federation/subscriptions/${id}/read`, headers });
  } finally {
    await app.inject({ method: 'GET', url: '/api/auth/logout', headers });
  }
}
