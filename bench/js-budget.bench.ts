// Budget: JS the browser downloads to show `/` (shell + servers remote + shared), gzip, <= 180 KB.
// Loads the production build in Chromium and gzips every JS response it fetched.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { BenchResult } from './run';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_KB = 180;
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function startProductionServer(port: number): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-bench-'));
  const server = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'api/src/server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`,
    },
    stdio: 'inherit',
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return async () => {
    server.kill('SIGTERM');
    await once(server, 'exit');
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

export default async function jsBudget(): Promise<BenchResult[]> {
  const port = 4390;
  const stop = await startProductionServer(port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && !response.url().endsWith('.js')) return;
      try {
        scripts.set(response.url(), gzipSync(await response.body()).length);
      } catch {
        // redirects and aborted loads have no body
      }
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.locator('.overview .empty-state, .overview .server-group').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const totalKb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
    for (const [url, size] of [...scripts.entries()].sort((a, b) => b[1] - a[1])) {
      console.log(`   ${(size / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
    }
    return [
      {
        budget: 'JS downloaded to show / (gzip)',
        measured: `${totalKb.toFixed(1)} KB in ${scripts.size} files`,
        limit: `<= ${BUDGET_KB} KB`,
        ok: totalKb <= BUDGET_KB,
      },
    ];
  } finally {
    await browser.close();
    await stop();
  }
}
