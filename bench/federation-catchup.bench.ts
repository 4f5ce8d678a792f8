// Budget (issue 29, DESIGN section 5): a subscriber catches up a feed of 100,000 entries
// ≤ 30 s, on SQLite and (when TEST_DATABASE_URL or BENCH_DATABASE_URL is set) PostgreSQL. Two real
// sites on loopback (federation-process.ts, a process of its own for each measure): the
// publisher's feed is seeded as its publisher writes it, the subscriber reads it page after page,
// verifying each, and takes every entry (review mode: kept for staff; apply mode: each becomes a
// local ban, the whole feed).

import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { testDatabases } from '../api/src/test-support/test-databases';
import type { BenchResult } from './run';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const ENTRIES = Number(process.env.FEDERATION_CATCHUP_ENTRIES ?? 100_000);
const BUDGET_S = 30;

export default async function federationCatchup(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const kind of testDatabases()) {
    for (const mode of ['review', 'apply'] as const) {
      const { stdout } = await promisify(execFile)(
        tsx,
        [path.join(root, 'bench/federation-process.ts'), kind.name, mode, String(ENTRIES)],
        { timeout: 300_000 },
      );
      const { seconds } = JSON.parse(stdout.trim().split('\n').pop() as string) as { seconds: number };
      results.push({
        budget: `federation: catch up a feed of ${ENTRIES} entries, ${mode === 'review' ? 'kept for review' : 'applied as bans'} (${kind.name})`,
        limit: `≤ ${BUDGET_S} s`,
        measured: `${seconds.toFixed(1)} s`,
        ok: seconds <= BUDGET_S,
        value: seconds,
        better: 'lower',
      });
    }
  }
  return results;
}
