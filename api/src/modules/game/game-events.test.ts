import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { EVENT_ID_RETENTION_SECONDS, pruneOldEventIds, storeEvents } from './game-events';

describe.each(testDatabases())('game event ids on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('keeps claimed ids for the retention window, then forgets them', async () => {
    const now = 1_800_000_000;
    await t.database.db
      .insertInto('game_events')
      .values([
        { server_id: 's1', event_id: 'old', received_at: now - EVENT_ID_RETENTION_SECONDS - 1 },
        { server_id: 's1', event_id: 'recent', received_at: now - 60 },
      ])
      .execute();
    expect(await pruneOldEventIds(t.database.db, now)).toBe(1);
    const left = await t.database.db.selectFrom('game_events').select('event_id').execute();
    expect(left.map((row) => row.event_id)).toEqual(['recent']);
  });

  it('applies a repeated id inside one batch once', async () => {
    const event = {
      id: 'dup-1',
      type: 'chat' as const,
      timestamp: 1_700_000_000,
      steamid: '76561197960265729',
      name: 'A',
      message: 'hi',
    };
    expect(await storeEvents(t.database.db, 's1', [event, event])).toEqual({ accepted: 1, duplicates: 1 });
    const rows = await t.database.db.selectFrom('log_entries').select('message').where('message', '=', 'hi').execute();
    expect(rows).toHaveLength(1);
  });
});
