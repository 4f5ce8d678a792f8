import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toJsonColumn } from '../db/json-column';
import { groupRow } from './server-rows';
import type { TestApp } from './test-app';

// Shared setup for the moderation and game-integration tests.

/** A server group with one server, written the way the servers module stores them. */
export async function seedServer(t: TestApp, serverId = 's1', name = 'Versus #1'): Promise<void> {
  const db = t.database.db;
  const groupId = `g-${serverId}`;
  await db
    .insertInto('server_groups')
    .values(groupRow({ id: groupId, name: 'Versus', type: 'custom' }))
    .execute();
  await db
    .insertInto('servers')
    .values({
      id: serverId,
      group_id: groupId,
      name,
      host: `${serverId}.example.org`,
      ip: '203.0.113.5',
      port: 27015,
      query_port: null,
      rcon_port: null,
      rcon_password: 'rcon-secret',
      tags: toJsonColumn([]),
      features: toJsonColumn([]),
      actions: toJsonColumn([]),
      status: null,
      status_updated_at: null,
      created_at: 1,
    })
    .execute();
}

export const json = (response: { body: string }) => JSON.parse(response.body);

/** Each call bans the player anew through POST /api/bans as `maker` (bans.create): reason 'r', an hour; answers the ban's id. */
export function banMaker(
  t: TestApp,
  maker: { headers: Record<string, string> },
  steamid: string,
): () => Promise<number> {
  return async () =>
    json(
      await t.app.inject({
        method: 'POST',
        url: '/api/bans',
        headers: maker.headers,
        payload: { steamid, reason: 'r', length: 3600 },
      }),
    ).id;
}

/** Row counts of the moderation tables, to prove a refused request changed nothing. */
export async function snapshotCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [
    'bans',
    'ban_appeals',
    'ban_appeal_messages',
    'notes',
    'players',
    'log_entries',
    'game_events',
    'game_tokens',
    'user_roles',
    'player_reports',
    'warnings',
  ] as const) {
    const row = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

export interface FakeStatsService {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/**
 * The community stats service on loopback, speaking its real protocol:
 * GET /api/users/{id} -> 200 {user} | 404 | 500 with a text body.
 */
export async function startFakeStatsService(
  users: Record<string, Record<string, unknown>>,
  failFor: string[] = [],
): Promise<FakeStatsService> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const match = /^\/api\/users\/([^/?]+)$/.exec(request.url ?? '');
    const id = match ? decodeURIComponent(match[1] as string) : '';
    if (failFor.includes(id)) {
      response.writeHead(500, 'Internal Server Error', { 'content-type': 'text/plain' }).end('database on fire');
      return;
    }
    const user = users[id];
    if (!match || !user) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ user }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
