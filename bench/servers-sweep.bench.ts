// Budget: one status sweep of 1,000 game servers (A2S on loopback) <= 3 s wall, <= 200 MB RSS.
// The fake servers run in a child process, so the sweep's process holds only the poller.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../api/src/db/database';
import { migrateToLatest } from '../api/src/db/migrate';
import { sweepStatuses } from '../api/src/modules/servers/poller/status-sweep';
import { A2sClient } from '../api/src/protocols/a2s-client';
import type { BenchResult } from './run';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVERS = 1000;

export default async function serversSweep(): Promise<BenchResult[]> {
  const fleet = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'api/src/test-support/fakes/fake-game-fleet.ts'), String(SERVERS)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const firstLine = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: fleet.stdout as NodeJS.ReadableStream }).once('line', resolve);
    fleet.once('exit', (code) => reject(new Error(`fake fleet exited with ${code}`)));
  });
  const ports = JSON.parse(firstLine) as number[];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-sweep-'));
  const database = openDatabase(`sqlite:${path.join(dir, 'sweep.sqlite')}`);
  try {
    await migrateToLatest(database.db);
    await database.db
      .insertInto('server_groups')
      .values({
        id: 'g',
        name: 'Fleet',
        description: '',
        game: 'l4d2',
        type: 'others',
        template_id: null,
        actions: '[]',
        created_at: 1,
      })
      .execute();
    for (let start = 0; start < ports.length; start += 200) {
      await database.db
        .insertInto('servers')
        .values(
          ports.slice(start, start + 200).map((port, i) => ({
            id: `s${start + i}`,
            group_id: 'g',
            name: `Fleet ${start + i}`,
            host: 'fleet.example.org',
            ip: '127.0.0.1',
            port,
            query_port: null,
            rcon_port: null,
            rcon_password: null,
            tags: '[]',
            features: '[]',
            actions: '[]',
            status: null,
            status_updated_at: null,
            created_at: 1,
          })),
        )
        .execute();
    }
    const client = await A2sClient.open();
    const options = { timeoutMs: 2000, concurrency: 250 };
    const sweeps = [];
    for (let run = 0; run < 3; run++) sweeps.push(await sweepStatuses(database.db, client, options));
    client.close();
    const worst = sweeps.reduce((a, b) => (b.ms > a.ms ? b : a));
    const peakMb = process.resourceUsage().maxRSS / 1024;
    console.log(`   sweeps: ${sweeps.map((s) => `${s.ms} ms (${s.online}/${s.servers} online)`).join(', ')}`);
    return [
      {
        budget: 'status sweep of 1,000 servers, wall time (worst of 3)',
        measured: `${(worst.ms / 1000).toFixed(2)} s, ${worst.online}/${worst.servers} answered`,
        limit: '<= 3 s, all answered',
        ok: worst.ms <= 3000 && worst.online === SERVERS,
      },
      {
        budget: 'status sweep of 1,000 servers, peak RSS',
        measured: `${peakMb.toFixed(0)} MB`,
        limit: '<= 200 MB',
        ok: peakMb <= 200,
      },
    ];
  } finally {
    fleet.stdin?.end();
    fleet.kill();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
