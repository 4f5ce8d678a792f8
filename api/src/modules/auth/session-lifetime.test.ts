import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../lib/clock';
import { signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Issue 9 item 15: a session has an absolute lifetime (configurable) besides the sliding one.
describe.each(testDatabases())('session lifetime on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { SESSION_ABSOLUTE_LIFETIME_HOURS: '1' });
  });
  afterAll(async () => t?.close());

  it.each([
    ['signed in 59 minutes ago, active now', 59 * 60, 0, 200],
    ['signed in 61 minutes ago, active a second ago', 61 * 60, 1, 401],
    ['signed in a year ago, active every minute', 365 * 24 * 3600, 30, 401],
    ['signed in 10 minutes ago, unused for 31 days (sliding)', 10 * 60, 31 * 24 * 3600, 401],
  ])('%s: %i', async (_what, loginAgo, idleFor, expected) => {
    const me = await signInAs(t);
    const now = nowSeconds();
    await t.database.db
      .updateTable('sessions')
      .set({ login_time: now - loginAgo, last_active: now - idleFor })
      .where('user_id', '=', me.userId)
      .execute();
    const response = await t.app.inject({ url: '/api/auth/sessions', headers: me.headers });
    expect(response.statusCode).toBe(expected);
    const left = await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', me.userId).execute();
    expect(left.length).toBe(expected === 200 ? 1 : 0);
  });
});
