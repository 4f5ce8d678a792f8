import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './db/database';
import { fromJsonColumn } from './db/json-column';
import { SESSION_COOKIE } from './modules/auth';
import { type FakeA2sServer, startFakeA2sServer } from './test-support/fakes/fake-a2s-server';
import { type FakeSteam, startFakeSteamOpenId } from './test-support/fakes/fake-steam-openid';
import {
  findNginx,
  pidOwningLocalPort,
  type RunningProcess,
  renderNginxConfig,
  request,
  reservePort,
  SHIPPED_NGINX_CONFIG,
  startApiProcess,
  startNginx,
  until,
} from './test-support/native-topology';
import { groupRow, serverRow } from './test-support/server-rows';
import { openSse, type SseConnection } from './test-support/sse-client';
import { testDatabases } from './test-support/test-databases';
import { createSignedInUser } from './test-support/test-users';
import { cacheControlFor } from './web/cache-policy';

// Issue 14, section 2: deploy/'s topology (nginx with the shipped configuration in front of
// two API instances on one PostgreSQL database) run with native processes, since container
// images cannot be built on CI machines. Ports are i14's (35170-35179).
const PORTS = [35170, 35171, 35172, 35173, 35174, 35175, 35176, 35177, 35178, 35179];
const POLL_INTERVAL_MS = 1000;
const SIGNIN_LIMIT = 30;

const shipped = fs.readFileSync(SHIPPED_NGINX_CONFIG, 'utf8');

describe('the shipped nginx configuration', () => {
  it('renders for the test with only ports and paths changed', () => {
    const rendered = renderNginxConfig(shipped, {
      port: 1,
      upstreams: ['127.0.0.1:2', '127.0.0.1:3'],
      webRoot: '/w',
      runDir: '/r',
    });
    const strip = (text: string) =>
      text
        .replace(/listen [^;]+;/, 'listen;')
        .replace(/server \S+ max_fails/g, 'server max_fails')
        .replace(/\/srv\/outpost|\/w(?=[/;\s])/g, 'ROOT')
        .replace(/\/run\/nginx\.pid|\/r\/nginx\.pid/, 'PID')
        .replace(/\/var\/cache\/nginx|\/r\/cache/g, 'CACHE')
        .replace(/access_log [^;]+;/, 'access_log;');
    expect(strip(rendered)).toBe(strip(shipped));
    expect(() => renderNginxConfig(shipped.replace('listen 80;', 'listen 81;'), {} as never)).toThrow(/listen 80/);
  });

  it('carries the limits, forwarding and streaming rules the API relies on', () => {
    for (const directive of [
      /limit_conn outpost_conn_per_ip \d+;/,
      /limit_req zone=outpost_api_per_ip burst=\d+ nodelay;/,
      /client_header_timeout 10s;/,
      /client_body_timeout 30s;/,
      /proxy_set_header X-Forwarded-For \$remote_addr;/,
      /proxy_set_header X-Real-IP \$remote_addr;/,
      /gzip_static on;/,
      /brotli_static on;/,
    ]) {
      expect(shipped).toMatch(directive);
    }
    const sse = /location = \/api\/auth\/notifications\/sse \{([^}]*)\}/.exec(shipped)?.[1] ?? '';
    expect(sse).toContain('proxy_buffering off;');
    // Longer than the heartbeat (SSE_HEARTBEAT_SECONDS, 25 s by default) by far.
    expect(sse).toMatch(/proxy_read_timeout 1h;/);
    // Health checks are never rate limited.
    expect(/location = \/api\/health \{([^}]*)\}/.exec(shipped)?.[1]).not.toContain('limit_req');
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;
const underCi = process.env.CI === 'true' || process.env.CI === '1';

// Needs PostgreSQL and nginx: runs whenever TEST_DATABASE_URL is set, and always under CI,
// where a missing database or nginx is a failure, never a skip (.ci/run installs nginx).
if (databaseUrl || underCi) {
  describe('nginx in front of two API instances on PostgreSQL', () => {
    let base = '';
    const direct: string[] = [];
    const used = new Set<number>();
    let dir: string;
    let webRoot: string;
    let drop: (() => Promise<void>) | null = null;
    let url: string;
    let database: DatabaseHandle;
    let admin: pg.Client;
    let fake: FakeA2sServer;
    let steam: FakeSteam;
    let nginx: RunningProcess | null = null;
    const apis: (RunningProcess | null)[] = [null, null];
    let mapCount = 0;

    const apiEnv = (port: number): Record<string, string> => ({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      PUBLIC_URL: base,
      WEB_ROOT: webRoot,
      REMOTES_REGISTRY: path.join(webRoot, 'remotes.json'),
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
      STEAM_OPENID_URL: steam.openidUrl,
      STEAM_WEB_API_URL: steam.webApiUrl,
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
        apis[index] = started;
        const healthy = async () => (await request(`http://127.0.0.1:${reserved.port}/api/health`)).status === 200;
        const outcome = await Promise.race([
          until(healthy, 60_000, `api-${index + 1} healthy`).then(() => 'up' as const),
          started.exited.then(() => 'exited' as const),
        ]).catch((error: unknown) => error);
        if (outcome === 'up') {
          direct[index] = `http://127.0.0.1:${reserved.port}`;
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
      webRoot = path.join(dir, 'web');
      writeWebRoot(webRoot);

      const postgres = testDatabases().find((kind) => kind.name === 'postgres');
      const created = await (postgres as NonNullable<typeof postgres>).create();
      url = created.url;
      drop = created.drop;
      database = openDatabase(url);
      admin = new pg.Client({ connectionString: url, application_name: 'topology-test' });
      await admin.connect();

      fake = await startFakeA2sServer({ map: 'map_0' });
      steam = await startFakeSteamOpenId();
      // nginx's port is held from here: the instances' PUBLIC_URL names it.
      const nginxPort = await reservePort(PORTS);
      used.add(nginxPort.port);
      base = `http://127.0.0.1:${nginxPort.port}`;
      // Both start at once on the empty database: they migrate it in turn (Kysely's lock).
      const apiPorts = await Promise.all([startApi(0), startApi(1)]);
      await database.db
        .insertInto('server_groups')
        .values(groupRow({ id: 'g', name: 'G' }))
        .execute();
      await database.db
        .insertInto('servers')
        .values(serverRow({ id: 's', group_id: 'g', name: 'S', port: fake.port }))
        .execute();

      const runDir = path.join(dir, 'nginx');
      fs.mkdirSync(runDir, { recursive: true });
      const configFile = path.join(runDir, 'nginx.conf');
      fs.writeFileSync(
        configFile,
        renderNginxConfig(shipped, {
          port: nginxPort.port,
          upstreams: [`127.0.0.1:${apiPorts[0]}`, `127.0.0.1:${apiPorts[1]}`],
          webRoot,
          runDir,
        }),
      );
      await nginxPort.release();
      nginx = startNginx(nginxBinary, configFile, runDir);
      const running = nginx;
      try {
        await until(async () => (await request(`${base}/api/health`)).status === 200, 15_000, 'nginx answering');
      } catch (error) {
        throw new Error(`${String(error)}\n${running.output()}`);
      }
    }, 120_000);

    afterAll(async () => {
      await nginx?.stop('SIGQUIT');
      await Promise.all(apis.map((api) => api?.stop()));
      await admin?.end();
      await database?.close();
      await fake?.close();
      await steam?.close();
      await drop?.();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    const statusMap = async () => {
      const row = await database.db.selectFrom('servers').select('status').where('id', '=', 's').executeTakeFirst();
      return fromJsonColumn<{ data: { map: string } | null } | null>(row?.status, null)?.data?.map ?? null;
    };

    /** The poller (whichever instance leads) picks up a change on the game server; ms taken. */
    async function pollingSeesChange(ms: number): Promise<number> {
      mapCount += 1;
      const map = `map_${mapCount}`;
      fake.state.map = map;
      return until(async () => (await statusMap()) === map, ms, `status shows ${map}`);
    }

    /** The PostgreSQL backends holding the poller's advisory lock (client ports). */
    const lockHolders = async () =>
      (
        await admin.query<{ pid: number; client_port: number }>(
          `select a.pid, a.client_port from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where l.locktype = 'advisory' and l.granted and a.datname = current_database()`,
        )
      ).rows;

    const signIn = async (name: string, codes: string[] = []) => {
      const { userId, token } = await createSignedInUser(database.db, { codes }, name);
      return { userId, cookie: `${SESSION_COOKIE}=${token}` };
    };

    it('serves each asset class with its cache header, pre-compressed, and pages from the API with their CSP', async () => {
      const files = [
        { url: '/static/js/main.3f9a1c2e.js', file: 'shell/dist/static/js/main.3f9a1c2e.js' },
        { url: '/static/css/main.0a1b2c3d.css', file: 'shell/dist/static/css/main.0a1b2c3d.css' },
        { url: '/remotes/docs/mf-manifest.json', file: 'remotes/docs/dist/mf-manifest.json' },
        { url: '/remotes/docs/remoteEntry.js', file: 'remotes/docs/dist/remoteEntry.js' },
        {
          url: '/remotes/docs/static/js/async/12.abcdef12.js',
          file: 'remotes/docs/dist/static/js/async/12.abcdef12.js',
        },
      ];
      for (const { url: file, file: onDisk } of files) {
        const original = fs.readFileSync(path.join(webRoot, onDisk));
        const expected = cacheControlFor(onDisk);
        // The copy the client accepts, byte for byte as the build wrote it (never compressed here).
        for (const [accept, encoding, body] of [
          ['br, gzip', 'br', fs.readFileSync(path.join(webRoot, `${onDisk}.br`))],
          ['gzip', 'gzip', fs.readFileSync(path.join(webRoot, `${onDisk}.gz`))],
          ['identity', undefined, original],
        ] as const) {
          const response = await request(`${base}${file}`, { headers: { 'accept-encoding': accept } });
          expect(response.status, `${file} (${accept})`).toBe(200);
          expect(response.headers['cache-control'], file).toBe(expected);
          expect(response.headers['content-encoding'], `${file} (${accept})`).toBe(encoding);
          expect(response.body.equals(body), `${file} (${accept}) body`).toBe(true);
          expect(response.headers['x-content-type-options']).toBe('nosniff');
          if (encoding) expect(response.headers.vary).toMatch(/Accept-Encoding/i);
          if (file.startsWith('/remotes/')) expect(response.headers['access-control-allow-origin']).toBe('*');
        }
      }
      // The asset classes themselves: hashed names a year, the rest revalidated.
      expect(cacheControlFor('main.3f9a1c2e.js')).toBe('public, max-age=31536000, immutable');
      expect(cacheControlFor('mf-manifest.json')).toBe('no-cache');

      // Pages come from the API (CSP included), whichever route; revalidated every time, and
      // private: a page carries this visitor's registry inline (a canary is per session).
      for (const page of ['/', '/index.html', '/admin/bans', '/docs/cvars']) {
        const response = await request(`${base}${page}`, {
          headers: { accept: 'text/html', 'accept-encoding': 'identity' },
        });
        expect(response.status, page).toBe(200);
        expect(response.body.toString()).toContain('<div id="root">');
        if (page === '/index.html') {
          // The built file as it is (no inline registry: the shell fetches /remotes.json).
          expect(response.headers['cache-control'], page).toBe('no-cache');
        } else {
          expect(response.headers['cache-control'], page).toBe('private, no-cache');
          expect(response.headers.vary, page).toMatch(/Cookie/i);
        }
        expect(response.headers['content-security-policy'], page).toContain("default-src 'self'");
      }
      const registry = await request(`${base}/remotes.json`);
      expect(registry.status).toBe(200);
      expect(registry.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(registry.body.toString())[0]).toMatchObject({ name: 'docs', routeTable: { routes: [] } });
      // A chunk that is gone (an old tab after a publish) is a 404, never the shell.
      for (const gone of ['/remotes/docs/static/js/async/99.deadbeef.js', '/static/js/gone.0123abcd.js']) {
        const response = await request(`${base}${gone}`);
        expect(response.status, gone).toBe(404);
        expect(response.body.toString()).not.toContain('<div id="root">');
      }
    });

    it('streams notifications through nginx unbuffered, from whichever instance creates them', async () => {
      const member = await signIn('Member');
      const announcer = await signIn('Announcer', ['panel.announce']);
      const streams: { via: string; sse: SseConnection }[] = [];
      try {
        for (const via of [base, base, direct[0], direct[1]] as string[]) {
          const sse = await openSse(`${via}/api/auth/notifications/sse`, { cookie: member.cookie });
          expect(sse.status).toBe(200);
          streams.push({ via, sse });
        }
        const proxied = streams[0]?.sse as SseConnection;
        // Unbuffered: the 13-byte heartbeat comments (one a second here) arrive as written.
        const opened = Date.now();
        await proxied.waitFor(() => proxied.comments.filter((c) => c === 'heartbeat').length >= 2, 4000);
        expect(Date.now() - opened).toBeLessThan(4000);

        const latencies: number[] = [];
        for (const [index, origin] of direct.entries()) {
          const message = `Announcement ${index} from api-${index + 1}`;
          const sent = await request(`${origin}/api/panel/announcements`, {
            method: 'POST',
            headers: { cookie: announcer.cookie, origin: base, 'content-type': 'application/json' },
            body: JSON.stringify({ audience: { kind: 'user', userId: member.userId }, level: 1, message }),
          });
          expect(sent.status, sent.body.toString()).toBe(201);
          const postedAt = Date.now();
          for (const { via, sse } of streams) {
            await sse.waitFor(() => sse.events.some((event) => event.data.includes(message)), 5000);
            if (via === base) latencies.push(Date.now() - postedAt);
            expect(sse.ended, via).toBe(false);
          }
        }
        // Delivered through nginx within a second of being created on either instance.
        expect(Math.max(...latencies)).toBeLessThan(1000);
        console.info(`SSE through nginx: delivered ${Math.max(...latencies)} ms after the POST answered (worst)`);
      } finally {
        for (const { sse } of streams) sse.close();
      }
    });

    it('a sign-in started on one instance completes on the other; its session and API key work on both', async () => {
      const steamId = '76561198000000777';
      steam.options.steamId = steamId;
      const started = await request(`${direct[0]}/api/auth/steam/start`, {
        method: 'POST',
        localAddress: '127.0.0.31',
      });
      expect(started.status).toBe(200);
      const { state } = JSON.parse(started.body.toString()) as { state: string };
      const returnTo = `${base}/api/auth/steam/callback?${new URLSearchParams({ return_uri: `${base}/admin`, state })}`;
      const query = `${returnTo.split('?')[1]}&${steam.assert(steamId, returnTo)}`;
      const callback = (origin: string) =>
        request(`${origin}/api/auth/steam/callback?${query}`, {
          localAddress: '127.0.0.31',
          headers: { cookie: `outpost_steam_login=${state}` },
        });
      const done = await callback(direct[1] as string);
      expect(done.status).toBe(302);
      expect(done.headers.location).toBe('/admin');
      const session = /outpost_session=([^;]+)/.exec(String(done.headers['set-cookie']))?.[1];
      expect(session).toBeTruthy();
      const cookie = `${SESSION_COOKIE}=${session}`;

      for (const origin of [direct[0], direct[1], base] as string[]) {
        const profile = await request(`${origin}/api/auth/profile`, { headers: { cookie } });
        expect(profile.status, origin).toBe(200);
        expect(JSON.parse(profile.body.toString()).user.accountid).toBe(steamId);
      }
      // The same answer again, on the instance that did not see it: refused (nonce and state are shared).
      const replay = await callback(direct[0] as string);
      expect(replay.status).toBe(302);
      expect(String(replay.headers.location)).toMatch(/^\/error\?/);
      expect(String(replay.headers['set-cookie'] ?? '')).not.toContain('outpost_session=');

      // An API key made on one instance is honoured by the other.
      const made = await request(`${direct[1]}/api/auth/developer/apikey`, {
        method: 'POST',
        headers: { cookie, origin: base },
      });
      expect(made.status, made.body.toString()).toBe(200);
      const { apikey } = JSON.parse(made.body.toString()) as { apikey: { key: string } };
      const byKey = await request(`${direct[0]}/api/auth/profile`, {
        headers: { authorization: `Bearer ${apikey.key}` },
      });
      expect(byKey.status).toBe(200);

      // Signed out on one instance: refused on both at once.
      const out = await request(`${direct[0]}/api/auth/logout`, { headers: { cookie } });
      expect(out.status).toBe(200);
      for (const origin of [direct[1], base] as string[]) {
        expect((await request(`${origin}/api/auth/profile`, { headers: { cookie } })).status, origin).toBe(401);
      }
    });

    it('forwards the client address (only nginx is trusted) and holds 30 sign-ins a minute per client across instances', async () => {
      const start = (origin: string, localAddress: string, headers: Record<string, string> = {}) =>
        request(`${origin}/api/auth/steam/start`, { method: 'POST', localAddress, headers }).then((r) => r.status);
      // Through nginx (round-robin over both instances), each attempt claiming another address.
      const statuses: number[] = [];
      for (let i = 0; i < SIGNIN_LIMIT; i++) {
        statuses.push(
          await start(base, '127.0.0.41', { 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': '10.0.0.1' }),
        );
      }
      expect(statuses).toEqual(Array(SIGNIN_LIMIT).fill(200));
      expect(await start(base, '127.0.0.41')).toBe(429);
      // The instances count the same client, reached directly or not.
      expect(await start(direct[0] as string, '127.0.0.41')).toBe(429);
      expect(await start(direct[1] as string, '127.0.0.41')).toBe(429);
      // Another client through nginx has its own count: nginx passes the real address on.
      expect(await start(base, '127.0.0.42')).toBe(200);
      // A direct caller cannot borrow an address by header: not from the proxy, not trusted.
      expect(await start(direct[1] as string, '127.0.0.43', { 'x-forwarded-for': '127.0.0.42' })).toBe(200);

      // A sign-in through nginx records the client's address (not nginx's, not one claimed in a header).
      const spoof = { 'x-forwarded-for': '203.0.113.9' };
      const steamId = '76561198000000778';
      steam.options.steamId = steamId;
      const started = await request(`${base}/api/auth/steam/start`, {
        method: 'POST',
        localAddress: '127.0.0.44',
        headers: spoof,
      });
      const { state } = JSON.parse(started.body.toString()) as { state: string };
      const returnTo = `${base}/api/auth/steam/callback?${new URLSearchParams({ return_uri: `${base}/`, state })}`;
      const done = await request(`${returnTo}&${steam.assert(steamId, returnTo)}`, {
        localAddress: '127.0.0.44',
        headers: { ...spoof, cookie: `outpost_steam_login=${state}` },
      });
      expect(done.status).toBe(302);
      expect(done.headers.location).toBe('/');
      const cookie = `${SESSION_COOKIE}=${/outpost_session=([^;]+)/.exec(String(done.headers['set-cookie']))?.[1]}`;
      const listed = await request(`${base}/api/auth/sessions`, { localAddress: '127.0.0.44', headers: { cookie } });
      expect(listed.status).toBe(200);
      expect(JSON.parse(listed.body.toString()).sessions.map((session: { ip: string }) => session.ip)).toEqual([
        '127.0.0.44',
      ]);
    });

    it('limits each client at nginx (JSON 429) while health checks and other clients go through', async () => {
      // One client fires 300 API requests at once: beyond its connections and its burst.
      const flood = await Promise.all(
        Array.from({ length: 300 }, () => request(`${base}/api/meta`, { localAddress: '127.0.0.51' })),
      );
      const refused = flood.filter((response) => response.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect(flood.filter((response) => response.status === 200).length).toBeGreaterThan(0);
      expect(JSON.parse(refused[0]?.body.toString() ?? '{}')).toEqual({
        error: 'RATE_LIMITED',
        message: 'Too many requests from your address: try again in a moment',
      });
      expect(refused[0]?.headers['content-type']).toBe('application/json');
      // Meanwhile another client is served, and health checks are never rate limited.
      expect((await request(`${base}/api/meta`, { localAddress: '127.0.0.52' })).status).toBe(200);
      for (let i = 0; i < 200; i++) {
        expect((await request(`${base}/api/health`, { localAddress: '127.0.0.51' })).status).toBe(200);
      }
    });

    it('both instances keep answering when PostgreSQL ends every backend of the database', async () => {
      const member = await signIn('Through a restart');
      await pollingSeesChange(4 * POLL_INTERVAL_MS);
      const { rows } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(4);
      const answering = async (origin: string) =>
        (await request(`${origin}/api/auth/profile`, { headers: { cookie: member.cookie } })).status === 200;
      for (const origin of [...direct, base]) await until(() => answering(origin), 5000, `${origin} answering`);
      expect(apis.every((api) => api?.child.exitCode === null)).toBe(true);
      await until(async () => (await lockHolders()).length === 1, 3 * POLL_INTERVAL_MS + 700, 'poller lock held again');
      await pollingSeesChange(4 * POLL_INTERVAL_MS);
      // Streams through nginx work again (the LISTEN connections came back).
      const sse = await openSse(`${base}/api/auth/notifications/sse`, { cookie: member.cookie });
      try {
        const announcer = await signIn('Announcer 2', ['panel.announce']);
        await until(
          async () => {
            const sent = await request(`${direct[1]}/api/panel/announcements`, {
              method: 'POST',
              headers: { cookie: announcer.cookie, origin: base, 'content-type': 'application/json' },
              body: JSON.stringify({ audience: { kind: 'user', userId: member.userId }, level: 1, message: 'after' }),
            });
            return sent.status === 201;
          },
          5000,
          'announcement sent',
        );
        await sse.waitFor(() => sse.events.some((event) => event.data.includes('"after"')), 5000);
      } finally {
        sse.close();
      }
    });

    it('a server going offline is alerted once, not once per instance', async () => {
      const staff = await signIn('Alerted', ['panel.alerts']);
      const subscribed = await request(`${base}/api/panel/alerts`, {
        method: 'PUT',
        headers: { cookie: staff.cookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ serverStatus: true, instances: false }),
      });
      expect(subscribed.status, subscribed.body.toString()).toBe(200);
      // A flap earlier in the run (a sweep timing out on a loaded machine) would hold this
      // alert back for ALERT_QUIET_SECONDS: start from "never alerted", seen online.
      await until(async () => (await statusMap()) !== null, 4 * POLL_INTERVAL_MS, 'server online');
      await database.db.updateTable('panel_alert_state').set({ online: 1, alerted_at: 0 }).execute();
      const sse = await openSse(`${base}/api/auth/notifications/sse`, { cookie: staff.cookie });
      try {
        fake.state.mode = 'silent';
        const offline = (data: string) => data.includes('Server \\"S\\" went offline');
        await sse.waitFor(() => sse.events.some((event) => offline(event.data)), 4 * POLL_INTERVAL_MS);
        // Three more sweeps: nobody alerts it again.
        await new Promise((resolve) => setTimeout(resolve, 3 * POLL_INTERVAL_MS));
        expect(sse.events.filter((event) => offline(event.data))).toHaveLength(1);
        const profile = await request(`${direct[1]}/api/auth/profile`, { headers: { cookie: staff.cookie } });
        const listed = JSON.parse(profile.body.toString()).notifications as { message: string }[];
        expect(
          listed.filter((n) => n.message === 'Server "S" went offline (unresponsive or unreachable)'),
        ).toHaveLength(1);
      } finally {
        fake.state.mode = 'ok';
        sse.close();
      }
    });

    it('when the polling instance dies, the other polls within one interval and nginx keeps answering', async () => {
      const [holder] = await lockHolders();
      expect(holder).toBeDefined();
      const pids = apis.map((api) => api?.child.pid as number);
      const leaderPid = pidOwningLocalPort((holder as { client_port: number }).client_port, pids);
      expect(leaderPid, 'the lock holder is one of the two instances').not.toBeNull();
      const leaderIndex = pids.indexOf(leaderPid as number);
      const leader = apis[leaderIndex] as RunningProcess;

      const killedAt = Date.now();
      leader.child.kill('SIGKILL');
      await leader.exited;
      // The survivor takes the lock: measured from the kill.
      await until(
        async () => (await lockHolders()).some((row) => row.pid !== (holder as { pid: number }).pid),
        POLL_INTERVAL_MS + 700,
        'lock taken over',
      );
      const takeover = Date.now() - killedAt;
      const [next] = await lockHolders();
      expect(pidOwningLocalPort((next as { client_port: number }).client_port, pids)).toBe(pids[1 - leaderIndex]);
      // And its sweeps reach the game server.
      const swept = await pollingSeesChange(2 * POLL_INTERVAL_MS + 700);
      console.info(`poller failover: lock taken ${takeover} ms after kill -9; a change seen ${swept} ms later`);
      expect(takeover).toBeLessThanOrEqual(POLL_INTERVAL_MS + 700);

      // nginx answers throughout: a dead upstream is skipped.
      for (let i = 0; i < 10; i++) expect((await request(`${base}/api/health`)).status).toBe(200);
      expect((await request(`${base}/api/servers`)).status).toBe(200);
    });
  });
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
