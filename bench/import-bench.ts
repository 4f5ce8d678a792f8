// What every importer's bench does alike (DESIGN section 5: 100,000 bans from each peer in
// <= 60 s): a fresh Outpost database per dialect (SQLite, and PostgreSQL when TEST_DATABASE_URL
// or BENCH_DATABASE_URL is set), the import run twice through the function `pnpm outpost
// import <panel>` runs; the first must bring every ban in budget, the second nothing.

import { type DatabaseHandle, openDatabase } from '../api/src/db/database';
import { migrateToLatest } from '../api/src/db/migrate';
import type { ImportSummary, MysqlSource } from '../api/src/modules/imports';
import { type TestDatabase, testDatabases } from '../api/src/test-support/test-databases';
import type { BenchResult } from './run';

export const BANS = 100_000;
const BUDGET_SECONDS = 60;

export interface Importer {
  label: string;
  open(): Promise<MysqlSource>;
  run(db: DatabaseHandle['db'], source: MysqlSource): Promise<ImportSummary>;
}

async function benchDialect(kind: TestDatabase, importer: Importer): Promise<BenchResult[]> {
  const created = await kind.create();
  let outpost: DatabaseHandle | null = null;
  try {
    outpost = openDatabase(created.url);
    await migrateToLatest(outpost.db);
    const run = async () => {
      const source = await importer.open();
      try {
        const started = performance.now();
        const summary = await importer.run((outpost as DatabaseHandle).db, source);
        return { seconds: (performance.now() - started) / 1000, summary };
      } finally {
        await source.close();
      }
    };
    const first = await run();
    const second = await run();
    const bans = first.summary.importedCount('bans');
    console.log(first.summary.format());
    return [
      {
        budget: `${importer.label} import, ${BANS.toLocaleString('en')} bans (${kind.name})`,
        measured: `${first.seconds.toFixed(1)} s (${bans.toLocaleString('en')} imported)`,
        limit: `<= ${BUDGET_SECONDS} s, all imported`,
        ok: first.seconds <= BUDGET_SECONDS && bans === BANS,
        value: first.seconds,
        better: 'lower',
      },
      {
        budget: `${importer.label} import, second run (${kind.name})`,
        measured: `${second.summary.totalImported()} imported in ${second.seconds.toFixed(1)} s`,
        limit: '0 imported',
        ok: second.summary.totalImported() === 0,
      },
    ];
  } finally {
    await outpost?.close();
    await created.drop();
  }
}

/** Fills the peer's database once, then benches the import into each dialect. */
export async function benchImporter(
  importer: Importer,
  fixture: { fill(): Promise<void>; drop(): Promise<void> },
): Promise<BenchResult[]> {
  try {
    const filling = performance.now();
    await fixture.fill();
    console.log(`${importer.label} database filled in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
    const results: BenchResult[] = [];
    for (const kind of testDatabases()) results.push(...(await benchDialect(kind, importer)));
    return results;
  } finally {
    await fixture.drop();
  }
}
