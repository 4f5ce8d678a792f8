import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/schema';
import type { SignedIn, TestApp } from './test-app';

// Small questions tests ask of a running test app, one copy for every test file.

/** inject() as this user (null: anonymously); the request's own headers go on top. */
export function callAs(t: TestApp, who: SignedIn | null, request: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject({ ...request, headers: { ...(who?.headers ?? {}), ...(request.headers ?? {}) } });
}

/** How many rows a table holds (a test's proof that a refused request stored nothing). */
export async function rowCount(t: TestApp, table: keyof Database): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every audit line's message, oldest first. */
export async function auditMessages(t: TestApp): Promise<string[]> {
  const rows = await t.database.db.selectFrom('log_entries').select('message').orderBy('id').execute();
  return rows.map((row) => row.message);
}
