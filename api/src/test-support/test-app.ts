import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { SESSION_COOKIE } from '../modules/auth';
import type { TestDatabase } from './test-databases';
import { createSignedInUser, type TestUserOptions } from './test-users';

export const TEST_PUBLIC_URL = 'http://outpost.test';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The configuration every test app runs with, on this database, with `env` over it. */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}) {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    WEB_ROOT: 'none',
    // Tests never reach the real Steam; a test that needs the check starts a fake.
    STEAM_STATUS_URL: 'none',
    // Tests that want the game-server poller running pass POLLER_ENABLED: 'true'.
    POLLER_ENABLED: 'false',
    ...env,
  });
}

/** The real app on a fresh database of the given kind, API only, logging silenced. */
export async function startTestApp(
  kind: TestDatabase,
  env: Record<string, string> = {},
  /** Lets a test add routes (e.g. to exercise a guard) before the app is sealed. */
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const created = await kind.create();
  const config = testConfig(created.url, env);
  const database = openDatabase(config.DATABASE_URL, { sqliteBusyWaitMs: config.SQLITE_BUSY_WAIT_MS });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await created.drop();
    },
  };
}

export interface SignedIn {
  userId: string;
  /** Headers that authenticate an inject() call as this user from our own origin. */
  headers: { cookie: string; origin: string };
}

/** Creates a user with the given permissions and a login session for them. */
export async function signInAs({ database }: TestApp, options: TestUserOptions = {}): Promise<SignedIn> {
  const { userId, token } = await createSignedInUser(database.db, options, 'Test User');
  return { userId, headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: TEST_PUBLIC_URL } };
}
