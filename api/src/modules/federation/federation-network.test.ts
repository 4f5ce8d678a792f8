import http from 'node:http';
import net from 'node:net';
import { type Ban, type FederationSubscription, federationSubscriptionSchema } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandPlugin, issueToken, openInstance } from '../../test-support/game-commands-kit';
import { seedServer } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { syncFeed } from './feed-publisher';
import type { FederationTables } from './tables';

// Three Outpost sites on loopback (issue 29 item 5): A publishes; B publishes its own bans and
// subscribes to A; C subscribes to both. A ban reaches every subscriber once (B never passes A's
// on), lifts follow, a player connected to C's server is kicked as soon as C takes the ban. A's
// feed is read through a relay that can answer with pages recorded earlier: a replayed page (an
// older one, the same one again, another site's) is refused whole and takes nothing. C goes
// offline while A bans and lifts, and catches up when it comes back on the same database.

const CHEATER = '76561197960288001';
const B_CHEATER = '76561197960288002';
const PLAYING = '76561197960288003';
const WHILE_AWAY = '76561197960288004';
const CAME_AND_WENT = '76561197960288005';
const REPLAYED = '76561197960288006';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A's public address: forwards every request to A, and records each feed page it passes on.
 * `replay` set: feed requests are answered with that recorded page instead (a replaying relay).
 */
class Relay {
  readonly pages: { body: string; type: string }[] = [];
  replay: { body: string; type: string } | null = null;
  private server: http.Server | null = null;

  constructor(private readonly target: string) {}

  async listen(port: number) {
    this.server = http.createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const feed = request.url?.startsWith('/api/federation/feed') ?? false;
      if (feed && this.replay) {
        response.writeHead(200, { 'content-type': this.replay.type });
        response.end(this.replay.body);
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>;
      const answer = await fetch(`${this.target}${request.url}`, {
        method: request.method,
        headers,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      const body = await answer.text();
      const type = answer.headers.get('content-type') ?? 'application/json';
      if (feed && answer.status === 200) this.pages.push({ body, type });
      const etag = answer.headers.get('etag');
      response.writeHead(answer.status, { 'content-type': type, ...(etag ? { etag } : {}) });
      response.end(body);
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
  }

  close() {
    return new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe.each(testDatabases())('a federation of three sites on $name', (kind) => {
  let a: TestApp;
  let b: TestApp;
  let c: TestApp & { baseUrl: string };
  let cUrl: string;
  let dropC: () => Promise<void>;
  let relay: Relay;
  let siteA: string;
  let siteB: string;
  const owners = new Map<TestApp, SignedIn>();
  const sites = new Map<TestApp, string>();
  let cOnA: FederationSubscription;
  let cOnB: FederationSubscription;
  let bOnA: FederationSubscription;
  let plugin: CommandPlugin;

  const inject = (app: TestApp, method: string, url: string, payload?: object) => {
    const who = owners.get(app) as SignedIn;
    const origin = sites.get(app);
    return app.app.inject({
      method: method as 'GET',
      url,
      headers: { ...who.headers, ...(origin ? { origin } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  };
  const fingerprintOf = async (app: TestApp) =>
    (await inject(app, 'GET', '/api/panel/federation/publishing')).json().fingerprint as string;
  const publish = async (app: TestApp) =>
    expect(
      (
        await inject(app, 'PUT', '/api/panel/federation/publishing', {
          enabled: true,
          kinds: ['ban'],
          rules: [{ pattern: '*aimbot*', category: 'cheating' }],
        })
      ).statusCode,
    ).toBe(200);
  const ban = async (app: TestApp, steamid: string, reason = 'aimbot') => {
    const response = await inject(app, 'POST', '/api/bans', { steamid, reason, length: 7 * 86_400 });
    expect(response.statusCode, response.body).toBe(201);
    await syncFeed(app.database.db as unknown as Kysely<FederationTables>, sites.get(app) as string);
    return (response.json() as { id: number }).id;
  };
  const lift = async (app: TestApp, id: number) => {
    expect((await inject(app, 'POST', `/api/bans/${id}/unban`, { reason: 'Cleared' })).statusCode).toBe(200);
    await syncFeed(app.database.db as unknown as Kysely<FederationTables>, sites.get(app) as string);
  };
  const subscribe = async (app: TestApp, to: TestApp, site: string) => {
    const created = await inject(app, 'POST', '/api/panel/federation/subscriptions', {
      site,
      fingerprint: await fingerprintOf(to),
      categories: ['cheating'],
      mode: 'apply',
    });
    expect(created.statusCode, created.body).toBe(201);
    return federationSubscriptionSchema.parse(created.json());
  };
  const read = async (app: TestApp, subscription: FederationSubscription) => {
    const response = await inject(app, 'POST', `/api/panel/federation/subscriptions/${subscription.id}/read`);
    expect(response.statusCode, response.body).toBe(200);
    return federationSubscriptionSchema.parse(response.json());
  };
  const bansOf = async (app: TestApp, steamid: string) =>
    ((await inject(app, 'GET', `/api/bans?steamid=${steamid}&status=all`)).json() as { bans: Ban[] }).bans;

  beforeAll(async () => {
    const [portA, portRelay, portB] = await Promise.all([freePort(), freePort(), freePort()]);
    siteA = `http://127.0.0.1:${portRelay}`;
    siteB = `http://127.0.0.1:${portB}`;
    const trusted = { FEDERATION_TRUSTED_HOSTS: `127.0.0.1:${portRelay},127.0.0.1:${portB}` };
    a = await startTestApp(kind, { PUBLIC_URL: siteA });
    await a.app.listen({ port: portA, host: '127.0.0.1' });
    relay = new Relay(`http://127.0.0.1:${portA}`);
    await relay.listen(portRelay);
    b = await startTestApp(kind, { PUBLIC_URL: siteB, FEDERATION_POLL_INTERVAL_MS: '3600000', ...trusted });
    await b.app.listen({ port: portB, host: '127.0.0.1' });
    ({ url: cUrl, drop: dropC } = await kind.create());
    c = await openInstance(cUrl, { FEDERATION_POLL_INTERVAL_MS: '3600000', ...trusted });
    sites.set(a, siteA);
    sites.set(b, siteB);
    for (const app of [a, b, c]) owners.set(app, await signInAs(app, { name: 'Owner', flags: 'z' }));
    await publish(a);
    await publish(b);
    bOnA = await subscribe(b, a, siteA);
    cOnA = await subscribe(c, a, siteA);
    cOnB = await subscribe(c, b, siteB);
    // A player on C's server, whose plugin holds the command channel.
    await seedServer(c, 's1');
    plugin = new CommandPlugin(c.baseUrl, await issueToken(c, 's1'));
  });
  afterAll(async () => {
    await c?.close();
    await dropC?.();
    await b?.close();
    await a?.close();
    await relay?.close();
  });

  it("takes each site's bans once, never passed on by another subscriber, and follows the lifts", async () => {
    const fromA = await ban(a, CHEATER);
    await ban(b, B_CHEATER);
    bOnA = await read(b, bOnA);
    await syncFeed(b.database.db as unknown as Kysely<FederationTables>, siteB);
    cOnA = await read(c, cOnA);
    cOnB = await read(c, cOnB);
    expect((await bansOf(b, CHEATER)).map((one) => [one.status, one.origin?.site])).toEqual([['active', siteA]]);
    // C has A's ban once, from A: B does not publish what it took from A.
    expect((await bansOf(c, CHEATER)).map((one) => [one.status, one.origin?.site])).toEqual([['active', siteA]]);
    expect((await bansOf(c, B_CHEATER)).map((one) => [one.status, one.origin?.site])).toEqual([['active', siteB]]);
    await lift(a, fromA);
    bOnA = await read(b, bOnA);
    cOnA = await read(c, cOnA);
    expect((await bansOf(b, CHEATER)).map((one) => one.status)).toEqual(['unbanned']);
    expect((await bansOf(c, CHEATER)).map((one) => one.status)).toEqual(['unbanned']);
  });

  it("kicks a player connected to the subscriber's server as soon as it takes the ban", async () => {
    const connected = await plugin.postEvents([
      CommandPlugin.event('connect', { steamid: PLAYING, name: 'Playing', ip: '198.51.100.9' }),
    ]);
    expect(connected.status).toBe(200);
    // Nothing waits for the server yet.
    expect((await plugin.poll(0)).status).toBe(204);
    await ban(a, PLAYING);
    const held = plugin.poll(10);
    cOnA = await read(c, cOnA);
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(answer.body.commands).toEqual([
      expect.objectContaining({ kind: 'ban', steamid: PLAYING, message: expect.stringContaining('Cheating') }),
    ]);
    expect(answer.ms).toBeLessThan(5000);
    await plugin.ack(answer.body.commands.map((command: { id: number }) => command.id));
  });

  it('refuses a replayed page whole, whichever page is replayed, and takes nothing from it', async () => {
    // A bans, lifts and bans again; C takes all three (through the relay, which records them).
    const first = await ban(a, REPLAYED);
    cOnA = await read(c, cOnA);
    await lift(a, first);
    cOnA = await read(c, cOnA);
    await ban(a, REPLAYED, 'aimbot again');
    cOnA = await read(c, cOnA);
    expect((await bansOf(c, REPLAYED)).map((one) => one.status).sort()).toEqual(['active', 'unbanned']);
    const recorded = relay.pages.filter((page) => JSON.parse(page.body).entries.length > 0);
    const liftPage = recorded.find((page) =>
      JSON.parse(page.body).entries.some(
        (entry: { steamid: string; action: string }) => entry.steamid === REPLAYED && entry.action === 'lift',
      ),
    );
    const latest = recorded.at(-1);
    const otherSite = await b.app.inject({ method: 'GET', url: '/api/federation/feed?since=0' });
    const shapes = [
      { name: 'an older page (with the lift)', page: liftPage, problem: /refused whole/ },
      { name: 'the latest page again', page: latest, problem: /refused whole/ },
      { name: "another site's feed", page: { body: otherSite.body, type: 'application/json' }, problem: /./ },
      { name: 'the first page', page: recorded[0], problem: /refused whole/ },
    ];
    for (const shape of shapes) {
      expect(shape.page, shape.name).toBeDefined();
      const held = cOnA.heldSeq;
      relay.replay = shape.page ?? null;
      const stopped = await read(c, cOnA);
      relay.replay = null;
      expect(stopped.state, shape.name).not.toBe('active');
      expect(stopped.problem ?? '', shape.name).toMatch(shape.problem);
      expect(stopped.heldSeq, shape.name).toBe(held);
      // The replayed lift lifted nothing: the second ban stands.
      expect((await bansOf(c, REPLAYED)).map((one) => one.status).sort(), shape.name).toEqual(['active', 'unbanned']);
      // The owner compares and resumes (a changed key would need pinning: the fingerprint is A's own).
      const resumed = await inject(c, 'PATCH', `/api/panel/federation/subscriptions/${cOnA.id}`, {
        paused: false,
        fingerprint: await fingerprintOf(a),
      });
      expect(resumed.statusCode, `${shape.name}: ${resumed.body}`).toBe(200);
      cOnA = await read(c, cOnA);
      expect(cOnA, shape.name).toMatchObject({ state: 'active', problem: null, heldSeq: held });
    }
  });

  it('catches up after being offline: what was banned and lifted meanwhile, on the same database', async () => {
    await c.close();
    // While C is down: a ban that stays, a ban made and lifted, and more of the usual.
    await ban(a, WHILE_AWAY);
    const gone = await ban(a, CAME_AND_WENT);
    await lift(a, gone);
    const usual = Array.from({ length: 30 }, (_, i) => String(76561197960289000n + BigInt(i)));
    for (const steamid of usual) await ban(a, steamid);
    c = await openInstance(cUrl, {
      FEDERATION_POLL_INTERVAL_MS: '3600000',
      FEDERATION_TRUSTED_HOSTS: `${new URL(siteA).host},${new URL(siteB).host}`,
    });
    owners.set(c, await signInAs(c, { name: 'Owner again', flags: 'z' }));
    cOnA = await read(c, cOnA);
    expect(cOnA).toMatchObject({ state: 'active', problem: null, pending: 0 });
    expect((await bansOf(c, WHILE_AWAY)).map((one) => one.status)).toEqual(['active']);
    // Made and lifted while C was away: taken and lifted, never left standing.
    expect((await bansOf(c, CAME_AND_WENT)).filter((one) => one.status === 'active')).toEqual([]);
    for (const steamid of usual) expect((await bansOf(c, steamid)).map((one) => one.status)).toEqual(['active']);
    // Caught up: reading again takes nothing new.
    const held = cOnA.heldSeq;
    cOnA = await read(c, cOnA);
    expect(cOnA.heldSeq).toBe(held);
  });

  it("a ban published by A reaches a polling subscriber's connect check within one poll interval plus 2 s", async () => {
    // D polls every second with its own loop; A publishes from its own (no test hand in between).
    const pollMs = 1000;
    const d = await openInstance((await kind.create()).url, {
      FEDERATION_POLL_INTERVAL_MS: String(pollMs),
      FEDERATION_TRUSTED_HOSTS: new URL(siteA).host,
    });
    try {
      owners.set(d, await signInAs(d, { name: 'Owner D', flags: 'z' }));
      await subscribe(d, a, siteA);
      await seedServer(d, 's1');
      const onD = new CommandPlugin(d.baseUrl, await issueToken(d, 's1'));
      const player = '76561197960288077';
      // D has caught up with what A published so far.
      await new Promise((resolve) => setTimeout(resolve, 2 * pollMs));
      expect((await onD.check({ steamid: player })).body.status).toBe('none');
      const banned = await inject(a, 'POST', '/api/bans', { steamid: player, reason: 'aimbot', length: 86_400 });
      expect(banned.statusCode).toBe(201);
      const started = performance.now();
      let status = 'none';
      while (status !== 'banned' && performance.now() - started < pollMs + 2000 + 3000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await onD.check({ steamid: player })).body.status;
      }
      const took = performance.now() - started;
      expect(status).toBe('banned');
      expect(took).toBeLessThanOrEqual(pollMs + 2000);
    } finally {
      await d.close();
    }
  });
});
