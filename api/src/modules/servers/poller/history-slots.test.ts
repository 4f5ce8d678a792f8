import { describe, expect, expectTypeOf, it } from 'vitest';
import { openDatabase } from '../../../db/database';
import { migrateToLatest } from '../../../db/migrate';
import type { ServerHistoryTable } from '../tables';
import { BUCKET_FIGURES, type HistoryBucket, mergeBuckets, packDay, unpackDay } from './history-slots';

const DAY = 86_400;
const day = 20_000 * DAY;

const bucket = (at: number, players: number[], max: number | null = 24, offline = 0): HistoryBucket => ({
  at,
  samples: players.length + offline,
  online_samples: players.length,
  player_samples: players.length,
  players_sum: players.reduce((sum, count) => sum + count, 0),
  players_min: players.length > 0 ? Math.min(...players) : null,
  players_max: players.length > 0 ? Math.max(...players) : null,
  max_players: players.length > 0 ? max : null,
});

describe('packed server-days', () => {
  it('gives back every polled bucket as stored: samples, uptime, min, sum, max, max players; unpolled slots left out', () => {
    const buckets = [
      bucket(day, [3, 5, 4, 4]),
      bucket(day + 60, [0, 0, 1, 0], 32),
      bucket(day + 120, [], null, 4),
      // Online without a readable count, then a busy minute (a sum past 2^31 on a large day).
      { ...bucket(day + 300, []), samples: 2, online_samples: 2 },
      { ...bucket(day + 86_340, [200, 255]), players_sum: 3_000_000_000 },
    ];
    const packed = packDay(day, 60, buckets);
    expect(unpackDay(day, 60, packed)).toEqual(buckets);
  });

  it('holds a noisy day of 1-minute buckets in a few bytes a minute', () => {
    let players = 10;
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const buckets = Array.from({ length: 1440 }, (_, minute) => {
      const polls = Array.from({ length: 4 }, () => {
        players = Math.max(0, Math.min(24, players + Math.round((random() - 0.5) * 2)));
        return players;
      });
      return bucket(day + minute * 60, polls);
    });
    const packed = packDay(day, 60, buckets);
    expect(unpackDay(day, 60, packed)).toEqual(buckets);
    expect(packed.length).toBeLessThan(1440 * 3);
  });

  it('merges buckets of the same start (a day row and a late row), the later max players winning', () => {
    const merged = mergeBuckets(bucket(day, [2, 6], 24), bucket(day, [1], 32));
    expect(merged).toEqual({ ...bucket(day, [2, 6, 1], 32) });
    expect(unpackDay(day, 900, packDay(day, 900, [bucket(day, [2, 6], 24), bucket(day, [1], 32)]))).toEqual([merged]);
  });

  it('refuses a bucket outside the day and a packed day of another size', () => {
    expect(() => packDay(day, 900, [bucket(day + DAY, [1])])).toThrow(/not in day/);
    expect(() => packDay(day, 900, [bucket(day + 60, [1])])).toThrow(/not in day/);
    expect(() => unpackDay(day, 900, packDay(day, 60, [bucket(day, [1])]))).toThrow(/slots/);
  });
});

describe('the packed figures and the tables they come from', () => {
  it('names the same figures as server_history, in the type and in the migrated schema', async () => {
    // The type: a bucket is a server_history row without its key's server and size.
    expectTypeOf<HistoryBucket>().toEqualTypeOf<Omit<ServerHistoryTable, 'server_id' | 'bucket_seconds'>>();
    expectTypeOf<(typeof BUCKET_FIGURES)[number]>().toEqualTypeOf<Exclude<keyof HistoryBucket, 'at'>>();
    // The schema the migrations make (a column added there and not here, or the reverse, fails).
    const database = openDatabase('sqlite::memory:');
    try {
      await migrateToLatest(database.db);
      const table = (await database.db.introspection.getTables()).find((t) => t.name === 'server_history');
      expect(table?.columns.map((column) => column.name)).toEqual([
        'server_id',
        'bucket_seconds',
        'at',
        ...BUCKET_FIGURES,
      ]);
    } finally {
      await database.close();
    }
    // Every figure goes into the packed slots and comes back.
    const bucket = Object.fromEntries([
      ['at', day],
      ...BUCKET_FIGURES.map((name, i) => [name, i + 1]),
    ]) as HistoryBucket;
    expect(unpackDay(day, 60, packDay(day, 60, [bucket]))).toEqual([bucket]);
  });
});
