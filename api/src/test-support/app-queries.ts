import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
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

/** `owner` makes a role through the panel (no codes, no flags, immunity 5, unless `body` says): its id. */
export async function createRole(t: TestApp, owner: SignedIn, body: object): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/panel/roles',
    headers: owner.headers,
    payload: { codes: [], flags: '', immunityLevel: 5, ...body },
  });
  expect(created.statusCode, created.body).toBe(201);
  return JSON.parse(created.body).id as string;
}

/** `owner` gives `who` the role through the panel. */
export async function giveRole(t: TestApp, owner: SignedIn, roleId: string, who: SignedIn): Promise<void> {
  const given = await t.app.inject({
    method: 'POST',
    url: `/api/panel/roles/${roleId}/holders`,
    headers: owner.headers,
    payload: { userId: who.userId },
  });
  expect(given.statusCode).toBe(200);
}
