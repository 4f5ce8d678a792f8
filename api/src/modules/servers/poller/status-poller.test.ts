import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromJsonColumn } from '../../../db/json-column';
import { type FakeA2sServer, startFakeA2sServer } from '../../../test-support/fakes/fake-a2s-server';
import { insertOneServer } from '../../../test-support/server-rows';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { StatusPoller } from './status-poller';

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testDatabases())('status poller started by the app on $name', (kind) => {
  let t: TestApp;
  let fake: FakeA2sServer;
  beforeAll(async () => {
    fake = await startFakeA2sServer({ map: 'c8m1_apartment', players: [{ name: 'Bill' }] });
    t = await startTestApp(kind, { POLLER_ENABLED: 'true', POLL_INTERVAL_MS: '1000', POLL_TIMEOUT_MS: '300' });
    await insertOneServer(t.database.db, fake.port);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('polls a newly added server and keeps its status current', async () => {
    const status = async () => {
      const row = await t.database.db.selectFrom('servers').select('status').where('id', '=', 's').executeTakeFirst();
      return fromJsonColumn<{ online: boolean; data: { map: string } | null } | null>(row?.status, null);
    };
    await until(async () => (await status())?.data?.map === 'c8m1_apartment');
    fake.state.mode = 'silent';
    await until(async () => (await status())?.online === false);
  });

  // PostgreSQL: a second instance waits for the advisory lock. SQLite: one process, it polls.
  it('lets only one instance poll at a time on PostgreSQL', async () => {
    const second = new StatusPoller(
      t.database.db,
      t.database.dialect,
      { intervalMs: 1000, timeoutMs: 300, concurrency: 5 },
      t.app.log,
    );
    second.start();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(second.leader).toBe(kind.name === 'sqlite');
    expect(second.lastSweep === null).toBe(kind.name === 'postgres');
    await second.stop();
  });
});
