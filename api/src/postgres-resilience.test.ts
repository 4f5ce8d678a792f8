import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { type DatabaseHandle, openDatabase, POOL_APPLICATION_NAME } from './db/database';
import { fromJsonColumn } from './db/json-column';
import { LISTEN_APPLICATION_NAME, notificationsService } from './modules/notifications';
import { type FakeA2sServer, startFakeA2sServer } from './test-support/fakes/fake-a2s-server';
import { insertOneServer } from './test-support/server-rows';
import { openSse } from './test-support/sse-client';
import { signInAs, startTestApp, type TestApp } from './test-support/test-app';
import { testDatabases } from './test-support/test-databases';

const INTERVAL_MS = 1000;

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

// Issue 9 item 1: no connection Outpost holds (pool, LISTEN client, the poller's
// advisory-lock connection) may end the process when PostgreSQL ends its backend.
// Only this test's own database is touched: every terminate filters on current_database().
const postgresOnly = testDatabases().filter((kind) => kind.name === 'postgres');

// Runs on every machine: the terminate tests below pick a kind of backend by its
// application_name, so the pool and the LISTEN client must never share one.
describe('kinds of PostgreSQL connection', () => {
  it('the pool and the LISTEN client name their backends apart', () => {
    expect(POOL_APPLICATION_NAME).toMatch(/^outpost/);
    expect(LISTEN_APPLICATION_NAME).toMatch(/^outpost/);
    expect(LISTEN_APPLICATION_NAME).not.toBe(POOL_APPLICATION_NAME);
  });
});

if (postgresOnly.length > 0) {
  describe.each(postgresOnly)('two API instances survive PostgreSQL ending their connections ($name)', (kind) => {
    let t: TestApp;
    let secondDatabase: DatabaseHandle;
    let second: FastifyInstance;
    let admin: pg.Client;
    let fake: FakeA2sServer;
    let base: string;
    let mapCount = 0;

    beforeAll(async () => {
      fake = await startFakeA2sServer({ map: 'map_0' });
      t = await startTestApp(kind, {
        POLLER_ENABLED: 'true',
        POLL_INTERVAL_MS: String(INTERVAL_MS),
        POLL_TIMEOUT_MS: '300',
      });
      secondDatabase = openDatabase(t.config.DATABASE_URL);
      second = await buildApp({ config: t.config, database: secondDatabase });
      await second.ready();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      await insertOneServer(t.database.db, fake.port);
      admin = new pg.Client({ connectionString: t.config.DATABASE_URL, application_name: 'resilience-test' });
      await admin.connect();
      await pollingWorks();
      await until(async () => (await listeners()) === 2, 5000, 'both LISTEN connections up');
    });
    afterAll(async () => {
      await admin?.end();
      await second?.close();
      await secondDatabase?.close();
      await t?.close();
      await fake?.close();
    });

    const lockHolders = async () =>
      (
        await admin.query(
          `select pid from pg_locks where locktype = 'advisory' and granted
             and database = (select oid from pg_database where datname = current_database())`,
        )
      ).rowCount ?? 0;
    const listeners = async () =>
      Number(
        (
          await admin.query(
            `select count(*) as n from pg_stat_activity
              where datname = current_database() and application_name = $1 and query ilike 'LISTEN%'`,
            [LISTEN_APPLICATION_NAME],
          )
        ).rows[0].n,
      );

    /** Ends backends of this test's database only (never another database's), never our own. */
    async function terminate(where: string, params: unknown[] = []): Promise<number> {
      const { rows } = await admin.query(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and (${where})`,
        params,
      );
      return rows.length;
    }

    /** The status poller (whichever instance leads) picks up a change on the game server. */
    async function pollingWorks(): Promise<number> {
      mapCount += 1;
      const map = `map_${mapCount}`;
      fake.state.map = map;
      return until(
        async () => {
          const row = await t.database.db
            .selectFrom('servers')
            .select('status')
            .where('id', '=', 's')
            .executeTakeFirst();
          return fromJsonColumn<{ data: { map: string } | null } | null>(row?.status, null)?.data?.map === map;
        },
        4 * INTERVAL_MS,
        `status shows ${map}`,
      );
    }

    async function bothAnswer(): Promise<void> {
      for (const app of [t.app, second]) {
        await until(async () => (await app.inject({ url: '/api/health' })).statusCode === 200, 3000, 'health 200');
      }
    }

    it('the advisory-lock holder: leadership moves within one poll interval and polling resumes', async () => {
      expect(await lockHolders()).toBe(1);
      const ended = await terminate(
        `pid in (select pid from pg_locks where locktype = 'advisory' and granted
                   and database = (select oid from pg_database where datname = current_database()))`,
      );
      expect(ended).toBe(1);
      // The follower tries every interval; allow scheduling slack on a busy machine.
      const moved = await until(async () => (await lockHolders()) === 1, INTERVAL_MS + 700, 'lock held again');
      expect(moved).toBeLessThanOrEqual(INTERVAL_MS + 700);
      await bothAnswer();
      await pollingWorks();
    });

    it('the LISTEN connections: both reconnect and streams still hear the other instance', async () => {
      expect(await terminate('application_name = $1', [LISTEN_APPLICATION_NAME])).toBe(2);
      await until(async () => (await listeners()) === 2, 5000, 'LISTEN connections back');
      await bothAnswer();
      const me = await signInAs(t);
      const sse = await openSse(`${base}/api/auth/notifications/sse`, { cookie: me.headers.cookie });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const created = await notificationsService.createNotification(secondDatabase.db, me.userId, {
        level: 1,
        message: 'after reconnect',
      });
      await sse.waitFor(() => sse.events.some((event) => event.id === created.id), 5000);
      sse.close();
    });

    it('every pool connection (idle ones and the held poller connections)', async () => {
      expect(await terminate('application_name = $1', [POOL_APPLICATION_NAME])).toBeGreaterThanOrEqual(2);
      await bothAnswer();
      await until(async () => (await lockHolders()) === 1, 2 * INTERVAL_MS + 700, 'lock held again');
      await pollingWorks();
    });

    it('every backend of the database at once, twice in a row', async () => {
      for (let round = 0; round < 2; round += 1) {
        expect(await terminate('true')).toBeGreaterThanOrEqual(4);
        await bothAnswer();
        await until(async () => (await lockHolders()) === 1, 2 * INTERVAL_MS + 700, 'lock held again');
        await until(async () => (await listeners()) === 2, 5000, 'LISTEN connections back');
        await pollingWorks();
      }
    });
  });
}
