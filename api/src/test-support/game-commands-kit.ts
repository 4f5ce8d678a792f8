import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { FakePlugin } from './fakes/fake-plugin';
import { type FakeRconServer, startFakeRconServer } from './fakes/fake-rcon-server';
import { json, seedServer } from './players-bans-notes-fixtures';
import { signInAs, type TestApp, testConfig } from './test-app';

// The command channel's tests (issue 25 item 2): API instances opened on one database (so a
// restart and a second instance are real), and a fake plugin holding the long-poll over HTTP.

/** One API instance listening on loopback over `databaseUrl` (migrated). */
export async function openInstance(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<TestApp & { baseUrl: string }> {
  const config = testConfig(databaseUrl, env);
  const database: DatabaseHandle = openDatabase(config.DATABASE_URL, { sqliteBusyWaitMs: config.SQLITE_BUSY_WAIT_MS });
  await migrateToLatest(database.db);
  const app: FastifyInstance = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    config,
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A server's plugin token, made by staff holding servers.tokens. */
export async function issueToken(t: TestApp, serverId: string): Promise<string> {
  const staff = await signInAs(t, { name: `Tokens ${serverId}`, codes: ['servers.tokens'] });
  const created = await t.app.inject({ method: 'POST', url: `/api/game-tokens/${serverId}`, headers: staff.headers });
  if (created.statusCode !== 201) throw new Error(`token for ${serverId}: ${created.statusCode} ${created.body}`);
  return json(created).token;
}

/** The fake plugin, with the command channel's calls. */
export class CommandPlugin extends FakePlugin {
  /** GET /api/game/commands?wait=…, timed. */
  async poll(wait?: number): Promise<{ status: number; body: any; ms: number }> {
    const started = performance.now();
    const answer = await this.call('GET', wait === undefined ? '/commands' : `/commands?wait=${wait}`);
    return { status: answer.status, body: answer.body, ms: performance.now() - started };
  }

  ack(ids: number[]) {
    return this.call('POST', '/commands/ack', { ids });
  }
}

/** Waits (up to `ms`) until `read` gives a value, and gives it. */
export async function until<T>(read: () => T | undefined, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Records `steamid` as connected to `serverId` since `secondsAgo` (what the presence code keeps). */
export function markConnected(t: TestApp, serverId: string, steamid: string, secondsAgo = 60) {
  return t.database.db
    .insertInto('player_servers')
    .values({
      steamid,
      server_id: serverId,
      first_seen: 1,
      last_seen: 1,
      connected_at: Math.floor(Date.now() / 1000) - secondsAgo,
    })
    .execute();
}

/** The enforcement tests' world: one instance, a fake RCON server, a server `withplugin` held by a
 *  fake plugin, a server `rcononly` reached over RCON, and `also` seeded (before the plugin's token). */
export async function openEnforcementWorld(
  databaseUrl: string,
  env: Record<string, string>,
  also: Array<[id: string, name: string]> = [],
): Promise<{ t: TestApp & { baseUrl: string }; rcon: FakeRconServer; plugin: CommandPlugin }> {
  const t = await openInstance(databaseUrl, env);
  const rcon = await startFakeRconServer({ password: 'rcon-pass' });
  await seedServer(t, 'withplugin', 'With plugin');
  await seedServer(t, 'rcononly', 'RCON only');
  for (const [id, name] of also) await seedServer(t, id, name);
  await t.database.db
    .updateTable('servers')
    .set({ ip: '127.0.0.1', rcon_port: rcon.port, rcon_password: 'rcon-pass' })
    .where('id', '=', 'rcononly')
    .execute();
  return { t, rcon, plugin: new CommandPlugin(t.baseUrl, await issueToken(t, 'withplugin')) };
}

/** A fake plugin on the command socket (GET /api/game/commands/socket): a real `ws` client on loopback. */
export class SocketPlugin {
  /** Every text frame received, parsed, in order. */
  readonly frames: any[] = [];
  /** Called with each frame as it comes (the bench's plugins act and acknowledge in it). */
  onFrame: ((frame: any) => void) | undefined;
  /** The close code and reason, once closed. */
  closed: { code: number; reason: string } | undefined;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const frame = JSON.parse(data.toString());
      this.frames.push(frame);
      this.onFrame?.(frame);
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  /** Opens the socket with `Authorization: Bearer <token>`; rejects with the refusal's status and body. */
  static open(baseUrl: string, token: string, options: { autoPong?: boolean } = {}): Promise<SocketPlugin> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/game/commands/socket`, {
      headers: { authorization: `Bearer ${token}` },
      autoPong: options.autoPong ?? true,
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new SocketPlugin(ws)));
      ws.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => reject(new RefusedUpgrade(response.statusCode ?? 0, body)));
      });
      ws.once('error', reject);
    });
  }

  /** Waits (up to `ms`) for a frame (after the first `from`) that `match` accepts, and gives it. */
  next(match: (frame: any) => boolean = () => true, ms = 3000, from = 0): Promise<any> {
    return until(() => this.frames.slice(from).find(match), ms);
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Waits (up to `ms`) until the server closed the socket, and gives the code and reason. */
  whenClosed(ms = 3000) {
    return until(() => this.closed, ms);
  }

  close(): void {
    this.ws.close();
  }
}

/** An upgrade the API refused: its HTTP status and body. */
export class RefusedUpgrade extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`upgrade refused: ${status} ${body}`);
  }
}
