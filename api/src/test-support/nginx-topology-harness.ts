import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { fromJsonColumn } from '../db/json-column';
import { SESSION_COOKIE } from '../modules/auth';
import { type FakeA2sServer, startFakeA2sServer } from './fakes/fake-a2s-server';
import { type FakeSteam, startFakeSteamOpenId } from './fakes/fake-steam-openid';
import {
  findNginx,
  type RunningProcess,
  renderNginxConfig,
  request,
  reservePort,
  SHIPPED_NGINX_CONFIG,
  startApiProcess,
  startNginx,
  until,
} from './native-topology';
import { groupRow, serverRow } from './server-rows';
import { testDatabases } from './test-databases';
import { createSignedInUser } from './test-users';

// Issue 14, section 2: deploy/'s topology (nginx with the shipped configuration in front of
// two API instances on one PostgreSQL database) run with native processes, since container
// images cannot be built on CI machines. Ports are i14's (35170-35179).
const PORTS = [35170, 35171, 35172, 35173, 35174, 35175, 35176, 35177, 35178, 35179];
export const POLL_INTERVAL_MS = 1000;
export const SIGNIN_LIMIT = 30;

const shipped = fs.readFileSync(SHIPPED_NGINX_CONFIG, 'utf8');

/**
 * Starts the topology before the suite's tests (beforeAll) and stops it after them (afterAll): nginx, two API
 * instances on a fresh PostgreSQL database, a fake game server (group g, server s) and a fake Steam. The fields of
 * what it returns are filled in once beforeAll has run.
 */
export function useNginxTopology(databaseUrl: string | undefined) {
  const topology = {
    base: '',
    webRoot: '',
    url: '',
    direct: [] as string[],
    apis: [null, null] as (RunningProcess | null)[],
    database: null as unknown as DatabaseHandle,
    admin: null as unknown as pg.Client,
    fake: null as unknown as FakeA2sServer,
    steam: null as unknown as FakeSteam,
  };
  const used = new Set<number>();
  let dir: string;
  let drop: (() => Promise<void>) | null = null;
  let nginx: RunningProcess | null = null;
  let mapCount = 0;

  const apiEnv = (port: number): Record<string, string> => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: topology.url,
    PUBLIC_URL: topology.base,
    WEB_ROOT: topology.webRoot,
    REMOTES_REGISTRY: path.join(topology.webRoot, 'remotes.json'),
    LOG_LEVEL: 'warn',
    // nginx reaches the instances from 127.0.0.1; the test's direct requests come from
    // other loopback addresses, so their X-Forwarded-For must not count.
    TRUST_PROXY: '127.0.0.1',
    MAX_CONNECTIONS_PER_IP: '0',
    POLLER_ENABLED: 'true',
    POLL_INTERVAL_MS: String(POLL_INTERVAL_MS),
    POLL_TIMEOUT_MS: '600',
    SIGNIN_RATE_LIMIT_PER_MINUTE: String(SIGNIN_LIMIT),
    SSE_HEARTBEAT_SECONDS: '1',
    STEAM_OPENID_URL: topology.steam.openidUrl,
    STEAM_WEB_API_URL: topology.steam.webApiUrl,
    STEAM_STATUS_URL: 'none',
    STORAGE_DIR: path.join(dir, 'files'),
    STORAGE_STAGING_DIR: path.join(dir, 'staging'),
  });

  /** Starts api-1 or api-2 on a free port of ours; another port when one was taken meanwhile. */
  async function startApi(index: 0 | 1): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const reserved = await reservePort(PORTS.filter((port) => !used.has(port)));
      used.add(reserved.port);
      await reserved.release();
      const started = startApiProcess(`api-${index + 1}`, apiEnv(reserved.port));
      topology.apis[index] = started;
      const healthy = async () => (await request(`http://127.0.0.1:${reserved.port}/api/health`)).status === 200;
      const outcome = await Promise.race([
        until(healthy, 60_000, `api-${index + 1} healthy`).then(() => 'up' as const),
        started.exited.then(() => 'exited' as const),
      ]).catch((error: unknown) => error);
      if (outcome === 'up') {
        topology.direct[index] = `http://127.0.0.1:${reserved.port}`;
        return reserved.port;
      }
      await started.stop();
      if (outcome === 'exited' && started.output().includes('EADDRINUSE') && attempt < 3) continue;
      throw new Error(`api-${index + 1} did not start: ${String(outcome)}\n${started.output()}`);
    }
  }

  beforeAll(async () => {
    if (!databaseUrl) throw new Error('Under CI, TEST_DATABASE_URL must name the PostgreSQL server to test on');
    const nginxBinary = findNginx();
    if (!nginxBinary) {
      throw new Error(
        'nginx is not installed: apt-get install -y nginx libnginx-mod-http-brotli-static (or NGINX_PATH)',
      );
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-topology-'));
    // nginx workers run as www-data when the test runs as root: they must read the web root.
    fs.chmodSync(dir, 0o755);
    topology.webRoot = path.join(dir, 'web');
    writeWebRoot(topology.webRoot);

    const postgres = testDatabases().find((kind) => kind.name === 'postgres');
    const created = await (postgres as NonNullable<typeof postgres>).create();
    topology.url = created.url;
    drop = created.drop;
    topology.database = openDatabase(topology.url);
    topology.admin = new pg.Client({ connectionString: topology.url, application_name: 'topology-test' });
    await topology.admin.connect();

    topology.fake = await startFakeA2sServer({ map: 'map_0' });
    topology.steam = await startFakeSteamOpenId();
    // nginx's port is held from here: the instances' PUBLIC_URL names it.
    const nginxPort = await reservePort(PORTS);
    used.add(nginxPort.port);
    topology.base = `http://127.0.0.1:${nginxPort.port}`;
    // Both start at once on the empty database: they migrate it in turn (Kysely's lock).
    const apiPorts = await Promise.all([startApi(0), startApi(1)]);
    await topology.database.db
      .insertInto('server_groups')
      .values(groupRow({ id: 'g', name: 'G' }))
      .execute();
    await topology.database.db
      .insertInto('servers')
      .values(serverRow({ id: 's', group_id: 'g', name: 'S', port: topology.fake.port }))
      .execute();

    const runDir = path.join(dir, 'nginx');
    fs.mkdirSync(runDir, { recursive: true });
    const configFile = path.join(runDir, 'nginx.conf');
    fs.writeFileSync(
      configFile,
      renderNginxConfig(shipped, {
        port: nginxPort.port,
        upstreams: [`127.0.0.1:${apiPorts[0]}`, `127.0.0.1:${apiPorts[1]}`],
        webRoot: topology.webRoot,
        runDir,
      }),
    );
    await nginxPort.release();
    nginx = startNginx(nginxBinary, configFile, runDir);
    const running = nginx;
    try {
      await until(async () => (await request(`${topology.base}/api/health`)).status === 200, 15_000, 'nginx answering');
    } catch (error) {
      throw new Error(`${String(error)}\n${running.output()}`);
    }
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop('SIGQUIT');
    await Promise.all(topology.apis.map((api) => api?.stop()));
    await topology.admin?.end();
    await topology.database?.close();
    await topology.fake?.close();
    await topology.steam?.close();
    await drop?.();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const statusMap = async () => {
    const row = await topology.database.db
      .selectFrom('servers')
      .select('status')
      .where('id', '=', 's')
      .executeTakeFirst();
    return fromJsonColumn<{ data: { map: string } | null } | null>(row?.status, null)?.data?.map ?? null;
  };

  /** The poller (whichever instance leads) picks up a change on the game server; ms taken. */
  async function pollingSeesChange(ms: number): Promise<number> {
    mapCount += 1;
    const map = `map_${mapCount}`;
    topology.fake.state.map = map;
    return until(async () => (await statusMap()) === map, ms, `status shows ${map}`);
  }

  /** The PostgreSQL backends holding the poller's advisory lock (client ports). */
  const lockHolders = async () =>
    (
      await topology.admin.query<{ pid: number; client_port: number }>(
        `select a.pid, a.client_port from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.granted and a.datname = current_database()`,
      )
    ).rows;

  const signIn = async (name: string, codes: string[] = []) => {
    const { userId, token } = await createSignedInUser(topology.database.db, { codes }, name);
    return { userId, cookie: `${SESSION_COOKIE}=${token}` };
  };

  return Object.assign(topology, { statusMap, pollingSeesChange, lockHolders, signIn });
}

/** A small web root as the builds lay it out: hashed chunks, manifests, .br and .gz copies. */
function writeWebRoot(root: string): void {
  const write = (file: string, content: string, compress = true) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
    if (!compress) return;
    fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content));
  };
  const filler = (name: string) => `/* ${name} */\n${'console.log("outpost");\n'.repeat(200)}`;
  write(
    'shell/dist/index.html',
    '<!doctype html><html><head><script defer src="/static/js/main.3f9a1c2e.js"></script></head><body><div id="root"></div></body></html>',
  );
  write('shell/dist/static/js/main.3f9a1c2e.js', filler('shell'));
  write('shell/dist/static/css/main.0a1b2c3d.css', `body{margin:0}\n${'.a{color:red}\n'.repeat(200)}`);
  write('remotes/docs/dist/mf-manifest.json', JSON.stringify({ id: 'docs', name: 'docs', pad: 'x'.repeat(2000) }));
  write('remotes/docs/dist/remoteEntry.js', filler('remote entry'));
  write('remotes/docs/dist/static/js/async/12.abcdef12.js', filler('chunk'));
  write('remotes/docs/dist/route-table.json', JSON.stringify({ routes: [] }), false);
  fs.writeFileSync(
    path.join(root, 'remotes.json'),
    JSON.stringify([{ name: 'docs', entry: '/remotes/docs/mf-manifest.json', prefixes: ['/docs'] }]),
  );
  for (const folder of [root, path.join(root, 'shell'), path.join(root, 'remotes')]) fs.chmodSync(folder, 0o755);
}
