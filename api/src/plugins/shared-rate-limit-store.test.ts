import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { metaService } from '../modules/meta';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { testDatabases } from '../test-support/test-databases';

const { countHit, peekHits, pruneCounters } = metaService.rateLimitCounters;

describe.each(testDatabases())('rate-limit counters on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts hits in a fixed window and starts a new one when it ends', async () => {
    const db = t.database.db;
    expect(await countHit(db, 'k1', 1000, 10_000)).toEqual({ hits: 1, windowEndsAt: 11_000 });
    expect(await countHit(db, 'k1', 1000, 10_500)).toEqual({ hits: 2, windowEndsAt: 11_000 });
    expect(await peekHits(db, 'k1', 10_600)).toEqual({ hits: 2, windowEndsAt: 11_000 });
    // The window ended: counting restarts at 1 with a fresh window.
    expect(await countHit(db, 'k1', 1000, 11_000)).toEqual({ hits: 1, windowEndsAt: 12_000 });
    expect(await peekHits(db, 'k1', 12_001)).toEqual({ hits: 0, windowEndsAt: 0 });
    // Other keys count apart.
    expect((await countHit(db, 'k2', 1000, 10_000)).hits).toBe(1);
  });

  it('counts each of many concurrent hits exactly once', async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, () => countHit(t.database.db, 'burst', 60_000, 50_000)),
    );
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('prunes only ended windows', async () => {
    const db = t.database.db;
    await countHit(db, 'old', 1000, 1_000);
    await countHit(db, 'live', 1000, 100_000);
    expect(await pruneCounters(db, 50_000)).toBeGreaterThanOrEqual(1);
    expect((await peekHits(db, 'live', 100_500)).hits).toBe(1);
    expect((await countHit(db, 'old', 1000, 100_000)).hits).toBe(1);
  });
});

// Several instances share one PostgreSQL database: the limit is per client, not per instance.
const postgres = testDatabases().filter((kind) => kind.name === 'postgres');
if (postgres.length > 0) {
  describe.each(postgres)('a sign-in rate limit across three instances ($name)', (kind) => {
    const LIMIT = 30;
    let t: TestApp;
    const others: { app: FastifyInstance; database: DatabaseHandle }[] = [];
    beforeAll(async () => {
      t = await startTestApp(kind, { SIGNIN_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
      for (let i = 0; i < 2; i++) {
        const database = openDatabase(t.config.DATABASE_URL);
        const app = await buildApp({ config: t.config, database });
        await app.ready();
        others.push({ app, database });
      }
    });
    afterAll(async () => {
      for (const other of others) {
        await other.app.close();
        await other.database.close();
      }
      await t?.close();
    });

    const start = (app: FastifyInstance, ip: string) =>
      app.inject({ method: 'POST', url: '/api/auth/steam/start', remoteAddress: ip });

    it('answers 30 attempts a minute from one address whichever instance takes them, then 429 on all', async () => {
      const apps = [t.app, ...others.map((other) => other.app)];
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT; i++)
        statuses.push((await start(apps[i % 3] as FastifyInstance, '198.51.100.7')).statusCode);
      expect(statuses).toEqual(Array(LIMIT).fill(200));
      for (const app of apps) {
        const refused = await start(app, '198.51.100.7');
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          error: 'RATE_LIMITED',
          message: expect.stringMatching(/try again in \d+ seconds/),
        });
      }
      // Another address and another limited route have their own counters.
      expect((await start(apps[1] as FastifyInstance, '198.51.100.8')).statusCode).toBe(200);
      const callback = await apps[2]?.inject({ url: '/api/auth/steam/callback', remoteAddress: '198.51.100.7' });
      expect(callback?.statusCode).toBe(302);
    });

    it('admits exactly the limit when attempts race on all instances at once', async () => {
      const apps = [t.app, ...others.map((other) => other.app)];
      const statuses = await Promise.all(
        Array.from({ length: 3 * LIMIT }, (_, i) =>
          start(apps[i % 3] as FastifyInstance, '203.0.113.9').then((r) => r.statusCode),
        ),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(2 * LIMIT);
    });
  });
}
