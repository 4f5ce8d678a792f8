// Budget (DESIGN section 5): one status sweep of 10,000 game servers (A2S on loopback) <= 2 s
// wall, <= 250 MB RSS.
// The fake servers run in one child process and the sweep in another (sweep-process.ts), so
// the RSS measured is the sweeping process's alone, whatever ran before in this one. That
// process runs compiled, under plain node, as the API runs in production (node-bundle.ts):
// under tsx the TypeScript loader was 60-70 MB of its peak (238-255 MB against 178-180).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bundleForNode } from './node-bundle';
import type { BenchResult } from './run';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const SERVERS = Number(process.env.SWEEP_SERVERS ?? 10_000);
const WALL_BUDGET_MS = 2000;
const RSS_BUDGET_MB = 250;

export default async function serversSweep(): Promise<BenchResult[]> {
  const fleet = spawn(tsx, [path.join(root, 'api/src/test-support/fakes/fake-game-fleet.ts'), String(SERVERS)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const portsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-fleet-')), 'ports.json');
  try {
    const firstLine = await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: fleet.stdout as NodeJS.ReadableStream }).once('line', resolve);
      fleet.once('exit', (code) => reject(new Error(`fake fleet exited with ${code}`)));
    });
    fs.writeFileSync(portsFile, firstLine);
    const program = await bundleForNode(path.join(root, 'bench/sweep-process.ts'));
    const { stdout } = await promisify(execFile)(process.execPath, [program, portsFile], { timeout: 60_000 });
    const { sweeps, peakMb } = JSON.parse(stdout.trim().split('\n').pop() as string) as {
      sweeps: { servers: number; online: number; ms: number }[];
      peakMb: number;
    };
    const worst = sweeps.reduce((a, b) => (b.ms > a.ms ? b : a));
    console.log(`   sweeps: ${sweeps.map((s) => `${s.ms} ms (${s.online}/${s.servers} online)`).join(', ')}`);
    return [
      {
        budget: `status sweep of ${SERVERS.toLocaleString('en')} servers, wall time (worst of 3)`,
        measured: `${(worst.ms / 1000).toFixed(2)} s, ${worst.online}/${worst.servers} answered`,
        limit: `<= ${WALL_BUDGET_MS / 1000} s, all answered`,
        ok: worst.ms <= WALL_BUDGET_MS && worst.online === SERVERS,
        value: worst.ms,
        better: 'lower',
      },
      {
        budget: `status sweep of ${SERVERS.toLocaleString('en')} servers, peak RSS of the sweeping process`,
        measured: `${peakMb.toFixed(0)} MB`,
        limit: `<= ${RSS_BUDGET_MB} MB`,
        ok: peakMb <= RSS_BUDGET_MB,
        value: peakMb,
        better: 'lower',
      },
    ];
  } finally {
    fleet.stdin?.end();
    fleet.kill();
    fs.rmSync(path.dirname(portsFile), { recursive: true, force: true });
  }
}
