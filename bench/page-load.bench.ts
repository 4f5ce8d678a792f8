// `pnpm bench page-load` (DESIGN section 5): the production build served the way `npm start`
// serves it (the compiled API, plain node), opened cold in headless Chromium. Outpost's `/` with
// 20 servers in 3 groups is measured against a bare page built by the same bundler (React +
// react-router rendering one table from GET /api/servers), served by the same process.
// Budgets (DESIGN section 5, issue 22): JS on the wire for `/` <= 150 KB and <= 2.0 x the bare
// page's; time to the table <= 1.0 x the bare page's (medians of LOADS cold loads); <= 12 scripts for `/`; no script of a
// remote that does not own `/`. The time to the table is that of the first frame showing every
// server row (watched in the page from its start); a visitor's `/` arrives drawn by the server
// (api/src/web/prerender), so the time its own code takes to make the table live is reported
// beside it. `PRERENDER=false pnpm bench page-load` measures the page drawn in the browser alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { openDatabase } from '../api/src/db/database';
import { toJsonColumn } from '../api/src/db/json-column';
import { migrateToLatest } from '../api/src/db/migrate';
import { groupRow, serverRow } from '../api/src/test-support/server-rows';
import { createSignedInUser } from '../api/src/test-support/test-users';
import {
  CHROMIUM_ARGS,
  coldLoad,
  ensureBuilt,
  jsBytes,
  kb,
  type Load,
  median,
  startServer,
  watchRows,
} from './page-load-kit';
import type { BenchResult } from './run';
import { SLOW_PHONE_LABEL } from './throttling';

const PORT = Number(process.env.PAGE_LOAD_PORT ?? 4391);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const LOADS = Number(process.env.PAGE_LOAD_RUNS ?? 11);
const SERVERS = 20;
/** Every server row of the seeded table, visible (its name in a rendered table row). */
const SERVER_ROWS = watchRows(/Bench Server \d\d/, SERVERS);
const GROUPS = ['Coop', 'Versus', 'Survival'];
const JS_BUDGET_KB = 150;
const JS_RATIO = 2.0;
/** DESIGN section 5: `/` to the server table, median of cold loads, <= 1.0 x the bare page. */
const TIME_RATIO = 1.0;
const MAX_SCRIPTS = 12;
/** Issue 30 item 3: the same race on a slow phone (bench/throttling.ts), <= 1.2 x the bare page. */
const THROTTLED_RATIO = 1.2;
const THROTTLED_LOADS = Number(process.env.PAGE_LOAD_THROTTLED_RUNS ?? 5);
async function seed(dataDir: string): Promise<string> {
  const database = openDatabase(`sqlite:${path.join(dataDir, 'bench.sqlite')}`);
  await migrateToLatest(database.db);
  for (const [g, name] of GROUPS.entries()) {
    await database.db
      .insertInto('server_groups')
      .values(groupRow({ id: `g${g}`, name: `${name} Servers`, description: `${name} games`, type: 'custom' }))
      .execute();
  }
  for (let i = 0; i < SERVERS; i++) {
    await database.db
      .insertInto('servers')
      .values(
        serverRow({
          id: `s${i}`,
          group_id: `g${i % GROUPS.length}`,
          port: 27015 + i,
          name: `Bench Server ${String(i).padStart(2, '0')}`,
          host: `s${i}.example.org`,
          status: toJsonColumn({
            online: true,
            data: { players: [{ name: 'Zoey' }], maxplayers: 8, map: 'c2m1_highway' },
          }),
          status_updated_at: 1,
        }),
      )
      .execute();
  }
  const staff = await createSignedInUser(database.db, { codes: ['*'] }, 'Bench Staff');
  await database.close();
  return staff.token;
}

export default async function pageLoad(): Promise<BenchResult[]> {
  ensureBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-page-load-'));
  const token = await seed(dir);
  const stop = await startServer(dir, PORT);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  // "Every server row visible": the 20 server names, each in a rendered table row, noted in the
  // page (SERVER_ROWS) at the first frame that has them: not after a round trip back to this
  // process, which would add the same few ms to both pages and flatter the ratio.
  try {
    // One warm-up of each (the server's first answers, the OS file cache), not counted.
    await coldLoad(browser, `${ORIGIN}/`, { watch: SERVER_ROWS, live: true });
    await coldLoad(browser, `${ORIGIN}/remotes/bare/index.html`, { watch: SERVER_ROWS });
    const outpost: Load[] = [];
    const bare: Load[] = [];
    // Interleaved, so a busy moment of the machine hits both alike.
    for (let i = 0; i < LOADS; i++) {
      outpost.push(await coldLoad(browser, `${ORIGIN}/`, { watch: SERVER_ROWS, live: true }));
      bare.push(await coldLoad(browser, `${ORIGIN}/remotes/bare/index.html`, { watch: SERVER_ROWS }));
    }
    const slowOutpost: Load[] = [];
    const slowBare: Load[] = [];
    for (let i = 0; i < THROTTLED_LOADS; i++) {
      slowOutpost.push(await coldLoad(browser, `${ORIGIN}/`, { watch: SERVER_ROWS, throttled: true }));
      slowBare.push(
        await coldLoad(browser, `${ORIGIN}/remotes/bare/index.html`, { watch: SERVER_ROWS, throttled: true }),
      );
    }
    // The JS budget holds "in any locale" (issue 27): a German browser's first load brings the
    // German catalogs too. Bytes only: a few loads are enough.
    // Russian too: the largest of the catalogs (Cyrillic, three plural forms), region-matched (ru-RU).
    const german: Load[] = [];
    const russian: Load[] = [];
    for (let i = 0; i < Math.min(LOADS, 3); i++) {
      german.push(await coldLoad(browser, `${ORIGIN}/`, { watch: SERVER_ROWS, live: true, locale: 'de-DE' }));
      russian.push(await coldLoad(browser, `${ORIGIN}/`, { watch: SERVER_ROWS, live: true, locale: 'ru-RU' }));
    }
    const signedIn: [string, Load][] = [];
    for (const [url, ready] of [
      ['/bans', () => document.querySelector('section[aria-label="Bans"]') !== null],
      [
        '/admin/servers',
        () => document.querySelector('[data-owner="servers"] table, [data-owner="servers"] .card') !== null,
      ],
    ] as const) {
      signedIn.push([url, await coldLoad(browser, `${ORIGIN}${url}`, { ready, cookie: token })]);
    }

    const first = outpost[0] as Load;
    const bareFirst = bare[0] as Load;
    const outpostJs = kb(median(outpost.map(jsBytes)));
    const bareJs = kb(median(bare.map(jsBytes)));
    const outpostMs = median(outpost.map((load) => load.ms));
    const bareMs = median(bare.map((load) => load.ms));
    const scriptCount = median(outpost.map((load) => load.scripts.length));
    const germanJs = kb(median(german.map(jsBytes)));
    const russianJs = kb(median(russian.map(jsBytes)));
    const foreign = [...new Set(outpost.flatMap((load) => load.scripts.map((script) => script.path)))].filter((p) => {
      const remote = /^\/remotes\/([^/]+)\//.exec(p)?.[1];
      return remote !== undefined && remote !== 'servers';
    });

    console.log(
      `   Outpost /: ${first.scripts.length} scripts, ${kb(jsBytes(first)).toFixed(1)} KB JS (${kb(first.totalBytes).toFixed(1)} KB in all) as received:`,
    );
    for (const script of [...first.scripts].sort((a, b) => b.bytes - a.bytes)) {
      console.log(`     ${kb(script.bytes).toFixed(1).padStart(6)} KB  ${script.encoding.padEnd(8)} ${script.path}`);
    }
    for (const [language, loads] of [
      ['German', german],
      ['Russian', russian],
    ] as const) {
      const load = loads[0] as Load;
      // Only what the English load does not fetch: the locale's own cost.
      const english = new Set(first.scripts.map((script) => script.path));
      const extra = load.scripts.filter((script) => !english.has(script.path));
      console.log(
        `   / in ${language}: ${load.scripts.length} scripts, ${kb(jsBytes(load)).toFixed(1)} KB JS; beyond the English load: ${extra.map((script) => `${script.path} ${kb(script.bytes).toFixed(2)} KB`).join(', ') || 'none'}`,
      );
    }
    console.log(
      `   bare page: ${bareFirst.scripts.length} scripts, ${kb(jsBytes(bareFirst)).toFixed(1)} KB JS (${kb(bareFirst.totalBytes).toFixed(1)} KB in all)`,
    );
    console.log(
      `   time to table, median of ${LOADS} cold loads: Outpost ${outpostMs.toFixed(0)} ms, bare ${bareMs.toFixed(0)} ms`,
    );
    console.log(`   Outpost loads (ms): ${outpost.map((load) => load.ms.toFixed(0)).join(' ')}`);
    // Reported, not budgeted: a prerendered table shows before the page's code has run; this
    // is when that code has replaced it with the working page.
    const liveMs = median(outpost.map((load) => load.liveMs));
    console.log(
      `   table live (the page's own render), median: Outpost ${liveMs.toFixed(0)} ms = ${(liveMs / bareMs).toFixed(2)} x the bare page's; first drawn by the server in ${outpost.filter((load) => load.prerendered).length} of ${LOADS} loads`,
    );
    console.log(`   Outpost live (ms):  ${outpost.map((load) => load.liveMs.toFixed(0)).join(' ')}`);
    console.log(`   bare loads (ms):    ${bare.map((load) => load.ms.toFixed(0)).join(' ')}`);
    console.log(
      `   on a slow phone (${SLOW_PHONE_LABEL}), time to table (ms): Outpost ${slowOutpost.map((load) => load.ms.toFixed(0)).join(' ')}; bare ${slowBare.map((load) => load.ms.toFixed(0)).join(' ')}`,
    );
    const slowOutpostMs = median(slowOutpost.map((load) => load.ms));
    const slowBareMs = median(slowBare.map((load) => load.ms));
    for (const [url, load] of signedIn) {
      console.log(
        `   signed in ${url}: ${load.scripts.length} scripts, ${kb(jsBytes(load)).toFixed(1)} KB JS, ${kb(load.totalBytes).toFixed(1)} KB in all`,
      );
    }

    return [
      {
        budget: 'JS on the wire for / (compressed as served)',
        measured: `${outpostJs.toFixed(1)} KB in ${scriptCount} scripts`,
        limit: `<= ${JS_BUDGET_KB} KB`,
        baseline: `bare page ${bareJs.toFixed(1)} KB`,
        ok: outpostJs <= JS_BUDGET_KB,
        value: outpostJs,
        better: 'lower',
      },
      {
        budget: 'JS on the wire for /, against the bare React + router page',
        measured: `${(outpostJs / bareJs).toFixed(2)} x (${outpostJs.toFixed(1)} KB)`,
        limit: `<= ${JS_RATIO} x`,
        baseline: `bare page ${bareJs.toFixed(1)} KB in ${median(bare.map((load) => load.scripts.length))} scripts`,
        ok: outpostJs <= JS_RATIO * bareJs,
        value: outpostJs / bareJs,
        better: 'lower',
      },
      {
        budget: 'JS on the wire for / in German (Accept-Language de-DE), against the bare page',
        measured: `${(germanJs / bareJs).toFixed(2)} x (${germanJs.toFixed(1)} KB in ${median(german.map((load) => load.scripts.length))} scripts)`,
        limit: `<= ${JS_BUDGET_KB} KB and <= ${JS_RATIO} x`,
        baseline: `bare page ${bareJs.toFixed(1)} KB`,
        ok: germanJs <= JS_BUDGET_KB && germanJs <= JS_RATIO * bareJs,
        value: germanJs / bareJs,
        better: 'lower',
      },
      {
        budget: 'JS on the wire for / in Russian (Accept-Language ru-RU), against the bare page',
        measured: `${(russianJs / bareJs).toFixed(2)} x (${russianJs.toFixed(1)} KB in ${median(russian.map((load) => load.scripts.length))} scripts)`,
        limit: `<= ${JS_BUDGET_KB} KB and <= ${JS_RATIO} x`,
        baseline: `bare page ${bareJs.toFixed(1)} KB`,
        ok: russianJs <= JS_BUDGET_KB && russianJs <= JS_RATIO * bareJs,
        value: russianJs / bareJs,
        better: 'lower',
      },
      {
        budget: `/ to every server row visible, median of ${LOADS} cold loads, against the bare page`,
        measured: `${(outpostMs / bareMs).toFixed(2)} x (${outpostMs.toFixed(0)} ms)`,
        limit: `<= ${TIME_RATIO} x`,
        baseline: `bare page ${bareMs.toFixed(0)} ms`,
        ok: outpostMs <= TIME_RATIO * bareMs,
        value: outpostMs / bareMs,
        better: 'lower',
      },
      {
        budget: `/ to every server row visible on a slow phone (${SLOW_PHONE_LABEL}), median of ${THROTTLED_LOADS} cold loads, against the bare page`,
        measured: `${(slowOutpostMs / slowBareMs).toFixed(2)} x (${slowOutpostMs.toFixed(0)} ms)`,
        limit: `<= ${THROTTLED_RATIO} x`,
        baseline: `bare page ${slowBareMs.toFixed(0)} ms, same throttling`,
        ok: slowOutpostMs <= THROTTLED_RATIO * slowBareMs,
        value: slowOutpostMs / slowBareMs,
        better: 'lower',
      },
      {
        budget: 'scripts requested for /',
        measured: String(scriptCount),
        limit: `<= ${MAX_SCRIPTS}`,
        ok: scriptCount <= MAX_SCRIPTS,
        value: scriptCount,
        better: 'lower',
      },
      {
        budget: 'scripts of remotes that do not own / fetched for /',
        measured: foreign.length === 0 ? 'none' : foreign.join(', '),
        limit: 'none',
        ok: foreign.length === 0,
      },
    ];
  } finally {
    await browser.close();
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
