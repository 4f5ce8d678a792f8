import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { openDatabase } from '../../api/src/db/database';
import { SESSION_COOKIE } from '../../api/src/modules/auth/sessions-service';
import { namedDatabaseUrl } from '../../api/src/test-support/test-databases';
import { createSignedInUser, type TestUserOptions } from '../../api/src/test-support/test-users';

export type { TestUserOptions };

export const e2ePort = Number(process.env.E2E_PORT ?? 4319);
/** The e2e server's data folder: fixed per port so tests can reach its database. */
export const e2eDataDir = path.join(os.tmpdir(), `outpost-e2e-${e2ePort}`);
/**
 * The e2e server's database for a port: SQLite in its data folder, or, with E2E_DATABASE_URL
 * (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test), a database of its own
 * named by the port there (start-e2e-server.ts makes it anew at each start).
 */
export function e2eDatabaseUrlFor(port: number): string {
  const postgres = process.env.E2E_DATABASE_URL;
  if (postgres) return namedDatabaseUrl(postgres, `outpost_e2e_${port}`);
  return `sqlite:${path.join(os.tmpdir(), `outpost-e2e-${port}`, 'e2e.sqlite')}`;
}
export const e2eDatabaseUrl = e2eDatabaseUrlFor(e2ePort);
/** Where the e2e server writes the fake Discord webhook server's address ({ url }). */
export const fakeDiscordWebhooksFile = path.join(e2eDataDir, 'fake-discord-webhooks.json');

/** Whom the fake Steam login page signs in as, and what the fake Steam Web API says of them. */
export const E2E_STEAM_PLAYER = {
  steamId: '76561197960287930',
  name: 'Gabe Tester',
  avatarHash: 'fef49e7fa7e1997310d705b2a6158ff8dc1cdfeb',
};
/** Whom the fake Discord authorize page approves as. */
export const E2E_DISCORD_USER = { id: '80351110224678912', username: 'e2e_discord' };

/**
 * Signs a browser context in as a new user with the given permissions by creating the
 * user and a login session in the e2e server's database and setting the session cookie.
 * For tests of features behind sign-in; the sign-in flows themselves have their own tests.
 */
export async function signInBrowser(
  context: BrowserContext,
  options: TestUserOptions = {},
): Promise<{ userId: string }> {
  const database = openDatabase(e2eDatabaseUrl);
  try {
    const { userId, token } = await createSignedInUser(database.db, options, 'E2E Staff');
    await context.addCookies([
      { name: SESSION_COOKIE, value: token, url: `http://127.0.0.1:${e2ePort}`, httpOnly: true, sameSite: 'Lax' },
    ]);
    return { userId };
  } finally {
    await database.close();
  }
}

/** Runs `work` on the e2e server's database, opened for it and closed after. */
export async function withE2eDatabase<T>(work: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
  const database = openDatabase(e2eDatabaseUrl);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
