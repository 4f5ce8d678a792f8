// Budget (DESIGN section 5, issue 15): 100,000 SourceBans++ bans imported in <= 60 s, and a
// second run imports nothing. A generated SourceBans++ database on the loopback MariaDB
// (20 servers, 200 admins, 100,000 bans: permanent, timed, unbanned, IP-only, STEAM_0 and
// STEAM_1 forms) is imported into a fresh Outpost database on SQLite and (when
// TEST_DATABASE_URL or BENCH_DATABASE_URL is set) PostgreSQL, through the same function
// `pnpm outpost import sourcebans` runs.

import { importsService } from '../api/src/modules/imports';
import { createSourceBansDatabase, type SourceBansDatabase } from '../api/src/test-support/sourcebans-fixture';
import { BANS, benchImporter } from './import-bench';
import type { BenchResult } from './run';

const ADMINS = 200;
const SERVERS = 20;

async function fill(sb: SourceBansDatabase): Promise<void> {
  await sb.insert(
    'servers',
    Array.from({ length: SERVERS }, (_, i) => ({
      sid: i + 1,
      ip: `192.0.2.${i + 1}`,
      port: 27015,
      rcon: '',
      modid: 1,
    })),
  );
  await sb.insert(
    'admins',
    Array.from({ length: ADMINS }, (_, i) => ({
      aid: i + 1,
      user: `admin${i + 1}`,
      authid: `STEAM_${i % 2}:${i % 2}:${100000 + i}`,
      srv_flags: 'bcd',
      immunity: 10,
    })),
  );
  const now = Math.floor(Date.now() / 1000);
  const rows: Record<string, unknown>[] = [];
  for (let i = 1; i <= BANS; i++) {
    const ipOnly = i % 50 === 0;
    const length = i % 3 === 0 ? 0 : 3600 * (i % 48);
    const created = now - (i % 365) * 86400;
    const unbanned = i % 10 === 0;
    rows.push({
      bid: i,
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      authid: ipOnly ? '' : `STEAM_${i % 2}:${i % 2}:${i * 7}`,
      name: `Player ${i} ü`,
      created,
      ends: length ? created + length : 0,
      length,
      reason: `Reason ${i % 97}`,
      aid: (i % (ADMINS + 5)) + 1, // a few admins no longer exist
      sid: (i % (SERVERS + 2)) + 1, // a few servers no longer exist
      RemovedBy: unbanned ? 1 : null,
      RemoveType: unbanned ? 'U' : null,
      RemovedOn: unbanned ? created + 60 : null,
      type: ipOnly ? 1 : 0,
      ureason: unbanned ? 'appeal accepted' : null,
    });
  }
  await sb.insert('bans', rows);
}

export default async function sourcebansImportBench(): Promise<BenchResult[]> {
  const sb = await createSourceBansDatabase();
  return benchImporter(
    {
      label: 'SourceBans++',
      open: () => importsService.openSourceBans(sb.url, sb.prefix),
      run: (db, source) => importsService.importSourceBans(db, source),
    },
    { fill: () => fill(sb), drop: () => sb.drop() },
  );
}
