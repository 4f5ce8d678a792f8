import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../cli/outpost-cli';
import { type DatabaseHandle, openDatabase } from '../../../db/database';
import { migrateToLatest } from '../../../db/migrate';
import { cliIo } from '../../../test-support/cli-io';
import { groupRow, insertGroup, serverRow } from '../../../test-support/server-rows';
import { type TestDatabase, testDatabases } from '../../../test-support/test-databases';
import { readBuckets } from '../history-buckets';
import { recordHistory } from './server-history';

// Issue 28 / issue 24: the packed server-days (server_history_days.slots, bytes) go through a full
// export (base64) and an import (bytes again) unchanged, on every test database and from one to the
// other: the charts read the same buckets after a move, and the export made again is the same bytes.

const DAY = 86_400;
// 22:30 to 01:30 across a midnight, a poll a minute: finished hours packed into two server-days,
// the last hour's buckets still rows.
const start = 20_454 * DAY - 90 * 60;
const end = start + 3 * 3600;

async function fillHistory(db: DatabaseHandle['db']) {
  await insertGroup(db, groupRow({ id: 'g', name: 'g' }));
  await db
    .insertInto('servers')
    .values([
      serverRow({ id: 'busy', group_id: 'g', port: 27015 }),
      serverRow({ id: 'flaky', group_id: 'g', port: 27016 }),
    ])
    .execute();
  for (let at = start; at < end; at += 60) {
    const minute = (at - start) / 60;
    await recordHistory(
      db,
      [
        {
          id: 'busy',
          status: {
            online: true,
            data: {
              players: [],
              maxplayers: 32,
              map: minute < 100 ? 'de_dust2' : 'de_inferno',
              playerCount: 10 + (minute % 7),
            },
          },
        },
        {
          id: 'flaky',
          status:
            minute % 11 < 3
              ? { online: false, data: null }
              : { online: true, data: { players: [], maxplayers: 8, map: 'c1m1_hotel', playerCount: minute % 5 } },
        },
      ],
      at,
    );
  }
}

/** What the charts read of every server, and the packed rows as stored. */
async function history(db: DatabaseHandle['db']) {
  const days = await db
    .selectFrom('server_history_days')
    .select(['server_id', 'bucket_seconds', 'day', 'slots'])
    .orderBy('server_id')
    .orderBy('bucket_seconds')
    .orderBy('day')
    .execute();
  return {
    minutes: await readBuckets(db, 60, 0),
    quarters: await readBuckets(db, 900, 0),
    days: days.map((row) => ({ ...row, day: Number(row.day), slots: Buffer.from(row.slots).toString('hex') })),
  };
}

const kinds = testDatabases();

describe.each(kinds)('packed history exported from $name', (source: TestDatabase) => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-history-export-'));
  const drops: Array<() => Promise<void>> = [];
  const exported = path.join(work, 'export.json');
  let expected: Awaited<ReturnType<typeof history>>;

  const withDatabase = async <T>(url: string, use: (db: DatabaseHandle['db']) => Promise<T>) => {
    const database = openDatabase(url);
    try {
      return await use(database.db);
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    const created = await source.create();
    drops.push(created.drop);
    expected = await withDatabase(created.url, async (db) => {
      await migrateToLatest(db);
      await fillHistory(db);
      return history(db);
    });
    expect(await runCli(['export', '--to', exported], cliIo({ DATABASE_URL: created.url }).io)).toBe(0);
  }, 60_000);
  afterAll(async () => {
    for (const drop of drops) await drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('holds packed days of both sizes and the last hour as rows', () => {
    const sizes = new Set(expected.days.map((row) => row.bucket_seconds));
    expect(sizes).toEqual(new Set([60, 900]));
    expect(new Set(expected.days.map((row) => row.day)).size).toBe(2);
    // 3 hours of minutes for both servers: the packed ones and the live ones read as one list.
    expect(expected.minutes).toHaveLength(2 * 180);
    expect(expected.quarters).toHaveLength(2 * 12);
    const text = fs.readFileSync(exported, 'utf8');
    expect(JSON.parse(text).tables.server_history_days).toHaveLength(expected.days.length);
  });

  it.each(kinds.map((target) => [target.name, target] as const))(
    'imports into %s with the same packed bytes, buckets and export',
    async (_name, target) => {
      const created = await target.create();
      drops.push(created.drop);
      const imported = cliIo({ DATABASE_URL: created.url });
      expect(await runCli(['import', 'outpost', '--from', exported], imported.io)).toBe(0);
      expect(imported.err()).toBe('');
      expect(await withDatabase(created.url, history)).toEqual(expected);
      const again = path.join(work, `again-${target.name}.json`);
      expect(await runCli(['export', '--to', again], cliIo({ DATABASE_URL: created.url }).io)).toBe(0);
      expect(fs.readFileSync(again).equals(fs.readFileSync(exported))).toBe(true);
    },
    60_000,
  );
});
