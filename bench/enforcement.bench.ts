// Budgets (issue 25 item 2): a web ban reaches the plugin's command channel and the (fake)
// server acts on it in <= 2 s p95 with 200 connected test servers; one instance holds 10,000
// idle command channels with <= 64 MB more memory. The real app on a real port (SQLite;
// PostgreSQL too when TEST_DATABASE_URL is set). ENFORCEMENT_CHANNELS sets another count.

import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CommandPlugin, openInstance } from '../api/src/test-support/game-commands-kit';
import { json, seedServer } from '../api/src/test-support/players-bans-notes-fixtures';
import { signInAs } from '../api/src/test-support/test-app';
import { testDatabases } from '../api/src/test-support/test-databases';
import type { BenchResult } from './run';
import { median, p95 } from './sample-stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const SERVERS = 200;
const BANS = 40;
const CHANNELS = Number(process.env.ENFORCEMENT_CHANNELS ?? 10_000);
const BUDGET_P95_MS = 2000;
const BUDGET_MEMORY_MB = 64;

export default async function enforcement(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const kind of testDatabases()) {
    const created = await kind.create();
    const t = await openInstance(created.url, { MAX_CONNECTIONS_PER_IP: '0', MAX_CONNECTIONS: '100000' });
    try {
      // 200 servers with a plugin each holding its channel; one player on each.
      const staff = await signInAs(t, { name: 'Staff', codes: ['bans.*', 'servers.tokens'], flags: 'z', immunity: 99 });
      const plugins: CommandPlugin[] = [];
      for (let i = 0; i < SERVERS; i++) {
        const id = `bench-${i}`;
        await seedServer(t, id, `Bench ${i}`);
        const token = json(
          await t.app.inject({ method: 'POST', url: `/api/game-tokens/${id}`, headers: staff.headers }),
        ).token;
        const plugin = new CommandPlugin(t.baseUrl, token);
        const steamid = String(76561197960265728n + 1000n + BigInt(i));
        await plugin.postEvents([CommandPlugin.event('connect', { steamid, name: `Player ${i}`, ip: '198.51.100.7' })]);
        plugins.push(plugin);
      }
      // Each plugin: hold, act (note when), acknowledge, hold again.
      const actedAt = new Map<string, number>();
      let running = true;
      const loops = plugins.map(async (plugin) => {
        while (running) {
          const answer = await plugin.poll(25);
          if (answer.status !== 200) continue;
          for (const command of answer.body.commands) actedAt.set(command.steamid, performance.now());
          await plugin.ack(answer.body.commands.map((command: { id: number }) => command.id));
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const latencies: number[] = [];
      for (let b = 0; b < BANS; b++) {
        const i = Math.floor((b * SERVERS) / BANS);
        const steamid = String(76561197960265728n + 1000n + BigInt(i));
        const started = performance.now();
        const ban = await t.app.inject({
          method: 'POST',
          url: '/api/bans',
          headers: staff.headers,
          payload: { steamid, reason: 'Bench', length: 3600 },
        });
        if (ban.statusCode !== 201) throw new Error(`ban: ${ban.statusCode} ${ban.body}`);
        while (!actedAt.has(steamid) && performance.now() - started < 10_000) {
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        latencies.push((actedAt.get(steamid) ?? Number.POSITIVE_INFINITY) - started);
      }
      // The loops end once the app closes (it answers held long-polls at once).
      running = false;
      void Promise.all(loops).catch(() => {});
      const worst = p95(latencies);
      results.push({
        budget: `web ban -> plugin acts, ${SERVERS} servers holding channels, on ${kind.name}`,
        measured: `p95 ${worst.toFixed(0)} ms, median ${median(latencies).toFixed(0)} ms (${BANS} bans)`,
        limit: `p95 <= ${BUDGET_P95_MS} ms`,
        ok: worst <= BUDGET_P95_MS,
        value: worst,
        better: 'lower',
      });

      // 10,000 idle channels: the memory of an API instance in a process of its own
      // (channels-process.ts) before and after, on the same database.
      const { stdout } = await promisify(execFile)(
        tsx,
        [path.join(root, 'bench/channels-process.ts'), created.url, String(CHANNELS)],
        { timeout: 180_000 },
      );
      const { beforeMb, afterMb } = JSON.parse(stdout.trim().split('\n').pop() as string) as {
        beforeMb: number;
        afterMb: number;
      };
      const grown = afterMb - beforeMb;
      results.push({
        budget: `memory for ${CHANNELS} idle command channels on ${kind.name}`,
        measured: `${grown.toFixed(1)} MB more RSS (${((grown * 1024) / CHANNELS).toFixed(1)} KB each; ${beforeMb.toFixed(0)} MB idle)`,
        limit: `<= ${BUDGET_MEMORY_MB} MB`,
        ok: grown <= BUDGET_MEMORY_MB,
        value: grown,
        better: 'lower',
      });
    } finally {
      await t.close();
      await created.drop();
    }
  }
  return results;
}
