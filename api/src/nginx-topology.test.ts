import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/database';
import { SESSION_COOKIE } from './modules/auth';
import type { FakeA2sServer } from './test-support/fakes/fake-a2s-server';
import { FakePlugin } from './test-support/fakes/fake-plugin';
import type { FakeSteam } from './test-support/fakes/fake-steam-openid';
import { RefusedUpgrade, SocketPlugin } from './test-support/game-commands-kit';
import { pidOwningLocalPort, type RunningProcess, request, until } from './test-support/native-topology';
import { POLL_INTERVAL_MS, SIGNIN_LIMIT, useNginxTopology } from './test-support/nginx-topology-harness';
import { openSse, type SseConnection } from './test-support/sse-client';
import { cacheControlFor } from './web/cache-policy';

// Issue 14, section 2: deploy/'s topology (nginx with the shipped configuration in front of
// two API instances on one PostgreSQL database) run with native processes, since container
// images cannot be built on CI machines (test-support/nginx-topology-harness.ts starts it;
// nginx-config.test.ts checks the shipped configuration itself).

const databaseUrl = process.env.TEST_DATABASE_URL;
const underCi = process.env.CI === 'true' || process.env.CI === '1';

// Needs PostgreSQL and nginx: runs whenever TEST_DATABASE_URL is set, and always under CI,
// where a missing database or nginx is a failure, never a skip (.ci/run installs nginx).
if (databaseUrl || underCi) {
  describe('nginx in front of two API instances on PostgreSQL', () => {
    const topology = useNginxTopology(databaseUrl);
    let base: string;
    let direct: string[];
    let webRoot: string;
    let database: DatabaseHandle;
    let admin: pg.Client;
    let fake: FakeA2sServer;
    let steam: FakeSteam;
    let apis: (RunningProcess | null)[];
    const { statusMap, pollingSeesChange, lockHolders, signIn } = topology;
    beforeAll(() => {
      ({ base, direct, webRoot, database, admin, fake, steam, apis } = topology);
    });

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

    it("carries the plugins' command socket: the upgrade, frames both ways, a ban queued on either instance, refusals in the API's shape", async () => {
      const staff = await signIn('Socket staff', ['servers.tokens', 'bans.*']);
      const issued = await request(`${direct[0]}/api/game-tokens/s`, {
        method: 'POST',
        headers: { cookie: staff.cookie, origin: base },
      });
      expect(issued.status, issued.body.toString()).toBe(201);
      const { token } = JSON.parse(issued.body.toString()) as { token: string };

      const refused = await SocketPlugin.open(base, 'not-a-token-0123456789').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RefusedUpgrade);
      expect((refused as RefusedUpgrade).status).toBe(401);
      expect(JSON.parse((refused as RefusedUpgrade).body)).toMatchObject({ error: 'UNAUTHORIZED' });

      const socket = await SocketPlugin.open(base, token);
      try {
        socket.send({ ack: [424242] });
        expect(await socket.next((frame) => frame.error !== undefined)).toMatchObject({ error: 'UNKNOWN_COMMAND' });
        // A player on the server, banned from each instance in turn: the command comes down the
        // socket held through nginx, whichever instance queued it (LISTEN/NOTIFY).
        const plugin = new FakePlugin(base, token);
        for (const [index, origin] of direct.entries()) {
          const steamid = String(76561198000001000n + BigInt(index));
          const connected = await plugin.postEvents([
            FakePlugin.event('connect', { steamid, name: `Socket player ${index}`, ip: '198.51.100.9' }),
          ]);
          expect(connected.status).toBeLessThan(300);
          const ban = await request(`${origin}/api/bans`, {
            method: 'POST',
            headers: { cookie: staff.cookie, origin: base, 'content-type': 'application/json' },
            body: JSON.stringify({ steamid, reason: 'Socket test', length: 3600 }),
          });
          expect(ban.status, ban.body.toString()).toBe(201);
          const frame = await socket.next(
            (next) => next.commands?.some((command: { steamid: string }) => command.steamid === steamid),
            5000,
          );
          const command = frame.commands.find((next: { steamid: string }) => next.steamid === steamid);
          expect(command).toMatchObject({ kind: 'ban', reason: 'Socket test' });
          socket.send({ ack: [command.id] });
          expect(await socket.next((next) => next.acknowledged?.includes(command.id))).toEqual({
            acknowledged: [command.id],
          });
        }
        expect(socket.closed).toBeUndefined();
      } finally {
        socket.close();
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
