// Budget (issue 25): the plugin's connect check (POST /api/game/check: bans and comm blocks whose
// scope covers the checking server, and the active warnings of the joining player, by SteamID and
// IP) stays <= 2 ms p95, over 1,000,000 bans (3 in 10 scoped to a server group or one server),
// 300,000 players and 500,000 warnings (about 4 in 10 active), on SQLite and (when
// TEST_DATABASE_URL or BENCH_DATABASE_URL is set) PostgreSQL. Measured through the real app
// (inject: routing, validation, the server token, serialisation); p50/p95 of the best of 3
// passes (moderation.bench's measure). `pnpm bench connect-check` runs only this row.

import { BANS, PLAYERS, STEAM64_BASE, seedModeration, WARNINGS } from '../api/src/test-support/players-bans-notes-seed';
import { groupRow, serverRow } from '../api/src/test-support/server-rows';
import { signInAs, startTestApp } from '../api/src/test-support/test-app';
import { type TestDatabase, testDatabases } from '../api/src/test-support/test-databases';
import { measure } from './moderation.bench';
import type { BenchResult } from './run';

const CHECK_BUDGET_MS = 2;

const steamidOf = (n: number) => (STEAM64_BASE + BigInt(n % PLAYERS)).toString();
// Deterministic spread of players over the whole table.
const spread = (i: number, max: number) => ((i * 7919 + 13) % max) + 1;

async function benchDialect(kind: TestDatabase): Promise<BenchResult> {
  const t = await startTestApp(kind);
  try {
    const seedStart = Date.now();
    await seedModeration(t.database.db, t.database.dialect, ['players', 'bans', 'warnings']);
    console.log(
      `   ${kind.name}: seeded ${BANS} bans, ${WARNINGS} warnings, ${PLAYERS} players in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const staff = await signInAs(t, { codes: ['servers.tokens'] });
    await t.database.db
      .insertInto('server_groups')
      .values(groupRow({ id: 'g', name: 'Bench', game: 'tf2', type: 'custom' }))
      .execute();
    await t.database.db
      .insertInto('servers')
      .values(serverRow({ id: 's1', group_id: 'g', name: 'Bench 1', port: 27015 }))
      .execute();
    const token = JSON.parse(
      (await t.app.inject({ method: 'POST', url: '/api/game-tokens/s1', headers: staff.headers })).body,
    ).token as string;
    // Same-run baseline: the lightest token route (the command channel asked with wait=0: the
    // token and one indexed read), so a slow machine shows in both figures.
    const bare = await measure(() =>
      t.app.inject({ method: 'GET', url: '/api/game/commands?wait=0', headers: { authorization: `Bearer ${token}` } }),
    );
    let checks = 0;
    let warned = 0;
    let banned = 0;
    const { p50, p95 } = await measure(async (i) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/game/check',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          steamid: steamidOf(spread(i, PLAYERS)),
          ip: `10.${i % 16}.${i % 256}.${(i * 3) % 256}`,
          name: 'x',
        },
      });
      if (response.statusCode === 200) {
        const body = JSON.parse(response.body) as { status: string; warnings: unknown[] };
        checks += 1;
        if (body.warnings.length > 0) warned += 1;
        if (body.status === 'banned') banned += 1;
      }
      return response;
    });
    // The row measures checks that find warnings (and bans), not an empty table.
    if (warned < checks / 4) throw new Error(`only ${warned} of ${checks} checks found active warnings`);
    console.log(`   ${kind.name}: ${checks} checks, ${warned} with active warnings, ${banned} banned`);
    return {
      budget: `connect check with scopes and warnings (plugin) [${kind.name}, 1M bans / 500k warnings]`,
      measured: `p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (${Math.round((100 * warned) / checks)}% warned)`,
      limit: `p95 <= ${CHECK_BUDGET_MS} ms`,
      baseline: `token-only game route p50 ${bare.p50.toFixed(2)} ms, p95 ${bare.p95.toFixed(2)} ms`,
      ok: p95 <= CHECK_BUDGET_MS,
      value: p95,
      better: 'lower',
    };
  } finally {
    await t.close();
  }
}

export default async function connectCheckBench(): Promise<BenchResult[]> {
  // testDatabases() reads TEST_DATABASE_URL; a bench-only server may be named instead.
  const results: BenchResult[] = [];
  for (const kind of testDatabases()) results.push(await benchDialect(kind));
  return results;
}
