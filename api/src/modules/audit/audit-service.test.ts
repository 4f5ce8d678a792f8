import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { writeAudit } from './audit-service';

describe.each(testDatabases())('writeAudit on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('stores entries with increasing ids and defaults to ACTION', async () => {
    await writeAudit(t.database.db, {
      client: 'u1',
      clientName: 'Alice',
      message: 'banned Bob',
      target: 'u2',
      targetName: 'Bob',
    });
    await writeAudit(t.database.db, {
      client: '76561198000000001',
      clientName: 'Bob',
      type: 'CHAT',
      message: 'hello',
      timestamp: 5,
    });
    const rows = await t.database.db.selectFrom('log_entries').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      client: 'u1',
      client_name: 'Alice',
      target: 'u2',
      type: 'ACTION',
      message: 'banned Bob',
    });
    expect(rows[1]).toMatchObject({ type: 'CHAT', timestamp: 5, target: null });
    expect(Number(rows[1]?.id)).toBeGreaterThan(Number(rows[0]?.id));
  });
});
