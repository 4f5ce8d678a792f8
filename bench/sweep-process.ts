// Run by servers-sweep.bench.ts in a process of its own, so its peak RSS is the sweep's alone,
// compiled and run by plain node as the API is in production (node-bundle.ts):
// `node sweep-process.mjs <ports JSON file>` seeds an SQLite database with one server per port,
// sweeps three times and prints {sweeps, peakMb} as JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../api/src/db/database';
import { migrateToLatest } from '../api/src/db/migrate';
import { sweepStatuses } from '../api/src/modules/servers/poller/status-sweep';
import { A2sClient } from '../api/src/protocols/a2s-client';
import { groupRow, serverRow } from '../api/src/test-support/server-rows';

/**
 * This process's peak RSS in MB. Not `process.resourceUsage().maxRSS`: Linux carries that mark
 * across the fork and exec that started us, so it answered the bench's own RSS whenever that was
 * higher (a full `pnpm bench` read 249 and 301 MB there, 177-214 MB alone). /proc's VmHWM is the
 * peak of this program's memory alone.
 */
function peakRssMb(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]) / 1024;
  } catch {
    // not Linux: the rusage mark, which may include the parent's (see above)
  }
  return process.resourceUsage().maxRSS / 1024;
}

const ports = JSON.parse(fs.readFileSync(process.argv[2] as string, 'utf8')) as number[];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-sweep-'));
const database = openDatabase(`sqlite:${path.join(dir, 'sweep.sqlite')}`);
try {
  await migrateToLatest(database.db);
  await database.db
    .insertInto('server_groups')
    .values(groupRow({ id: 'g', name: 'Fleet' }))
    .execute();
  for (let start = 0; start < ports.length; start += 200) {
    await database.db
      .insertInto('servers')
      .values(
        ports.slice(start, start + 200).map((port, i) =>
          serverRow({
            id: `s${start + i}`,
            group_id: 'g',
            name: `Fleet ${start + i}`,
            host: 'fleet.example.org',
            port,
          }),
        ),
      )
      .execute();
  }
  const client = await A2sClient.open();
  const sweeps = [];
  for (let run = 0; run < 3; run++)
    sweeps.push(await sweepStatuses(database.db, client, { timeoutMs: 2000, concurrency: 250 }));
  client.close();
  process.stdout.write(`${JSON.stringify({ sweeps, peakMb: peakRssMb() })}\n`);
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
