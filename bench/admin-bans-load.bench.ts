// `pnpm bench admin-bans-load` (issue 30 item 3): the first page of /admin/bans for staff on a
// community with 1,000,000 bans, opened cold in headless Chromium from the production build,
// against the bare React + react-router page (bench/bare-page, ?table=bans) fetching the same 50
// bans from the same API with the same session. Budget: time to the 50 rows <= 1.5 x the bare
// page's (median of ADMIN_BANS_LOAD_RUNS cold loads each, interleaved). The difference is what the
// shell, the registry, the remote and the kit cost on a staff page over a large table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { openDatabase } from '../api/src/db/database';
import { migrateToLatest } from '../api/src/db/migrate';
import { BANS, seedModeration } from '../api/src/test-support/players-bans-notes-seed';
import { createSignedInUser } from '../api/src/test-support/test-users';
import { CHROMIUM_ARGS, coldLoad, ensureBuilt, type Load, median, startServer, watchRows } from './page-load-kit';
import type { BenchResult } from './run';

const PORT = Number(process.env.ADMIN_BANS_LOAD_PORT ?? 4392);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const LOADS = Number(process.env.ADMIN_BANS_LOAD_RUNS ?? 7);
const PAGE_ROWS = 50;
const TIME_RATIO = 1.5;
/** The seeded bans' reasons are "reason <n>": 50 visible rows with one are the first page. */
const BAN_ROWS = watchRows(/reason \d+/, PAGE_ROWS);

async function seed(dir: string): Promise<string> {
  const database = openDatabase(`sqlite:${path.join(dir, 'bench.sqlite')}`);
  await migrateToLatest(database.db);
  await seedModeration(database.db, 'sqlite', ['players', 'bans']);
  const staff = await createSignedInUser(database.db, { codes: ['*'] }, 'Bench Staff');
  await database.close();
  return staff.token;
}

export default async function adminBansLoad(): Promise<BenchResult[]> {
  ensureBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-admin-bans-load-'));
  const seedStarted = Date.now();
  const token = await seed(dir);
  console.log(`   seeded ${BANS.toLocaleString('en')} bans in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
  const stop = await startServer(dir, PORT);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const outpostUrl = `${ORIGIN}/admin/bans`;
  const bareUrl = `${ORIGIN}/remotes/bare/index.html?table=bans`;
  // Until the table is live (the page's own), so its time is known too; the budget's time is
  // still the first frame with the rows.
  const load = (url: string) => coldLoad(browser, url, { watch: BAN_ROWS, live: true, cookie: token });
  try {
    // One warm-up of each (the server's first answers, the OS file cache), not counted.
    await load(outpostUrl);
    await load(bareUrl);
    const outpost: Load[] = [];
    const bare: Load[] = [];
    // Interleaved, so a busy moment of the machine hits both alike.
    for (let i = 0; i < LOADS; i++) {
      outpost.push(await load(outpostUrl));
      bare.push(await load(bareUrl));
    }
    const outpostMs = median(outpost.map((one) => one.ms));
    const bareMs = median(bare.map((one) => one.ms));
    console.log(`   Outpost /admin/bans loads (ms): ${outpost.map((one) => one.ms.toFixed(0)).join(' ')}`);
    console.log(`   bare page loads (ms):           ${bare.map((one) => one.ms.toFixed(0)).join(' ')}`);
    // Reported, not budgeted (as on /, page-load.bench.ts): rows the server drew show before the
    // page's code has run; this is when the page's own render had replaced them (they work).
    console.log(
      `   Outpost table live (ms):        ${outpost.map((one) => one.liveMs.toFixed(0)).join(' ')} (median ${median(outpost.map((one) => one.liveMs)).toFixed(0)}; first drawn by the server in ${outpost.filter((one) => one.prerendered).length} of ${LOADS} loads)`,
    );
    return [
      {
        budget: `/admin/bans (staff, ${BANS.toLocaleString('en')} bans) to its first ${PAGE_ROWS} rows visible, median of ${LOADS} cold loads, against the bare page`,
        measured: `${(outpostMs / bareMs).toFixed(2)} x (${outpostMs.toFixed(0)} ms)`,
        limit: `<= ${TIME_RATIO} x`,
        baseline: `bare React page with the same ${PAGE_ROWS} bans: ${bareMs.toFixed(0)} ms`,
        ok: outpostMs <= TIME_RATIO * bareMs,
        value: outpostMs / bareMs,
        better: 'lower',
      },
    ];
  } finally {
    await browser.close();
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
