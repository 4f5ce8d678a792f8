import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../api/src/db/database';
import { seriousViolations } from '../support/a11y';
import { e2eDatabaseUrl, signInBrowser } from '../support/e2e-session';

// Issue 24 item 3, "a progress bar in the panel": `pnpm outpost import csv` run on the server
// (the real command, against the e2e server's database) shows on /panel/imports while it runs,
// its bar moving, then finished with what it skipped and why, without reloading the page.

const root = fileURLToPath(new URL('../..', import.meta.url));
const ROWS = 60_000;

/** Odd ids are bans, every tenth a kick (not a kind Outpost imports), the rest gags. */
function csvOf(rows: number): string {
  const lines = [
    'id,type,steamid,ip,name,reason,created,length,admin_steamid,admin_name,unbanned_at,unbanned_by,unban_reason',
  ];
  for (let id = 1; id <= rows; id++) {
    const type = id % 10 === 0 ? 'kick' : id % 2 === 1 ? 'ban' : 'gag';
    lines.push(`${id},${type},STEAM_0:1:${id},,Player ${id},e2e,1700000000,0,,Console,,,`);
  }
  return lines.join('\n');
}

async function jobRow(source: string) {
  const database = openDatabase(e2eDatabaseUrl);
  try {
    return await database.db.selectFrom('import_jobs').selectAll().where('source', '=', source).executeTakeFirst();
  } finally {
    await database.close();
  }
}

test('an import started on the server shows its progress, then finished with the skipped summary', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signInBrowser(context, { name: 'Import Owner', codes: ['panel.view', 'panel.settings'] });
  await page.goto('/panel/imports');
  await expect(page.getByRole('heading', { name: 'Imports', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();

  const name = `e2e-${Date.now()}.csv`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-e2e-import-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, csvOf(ROWS));
  // Its own process group, so the test can pause tsx and the node it starts together.
  const child: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['api/src/cli/main.ts', 'import', 'csv', '--from', file],
    { cwd: root, env: { ...process.env, DATABASE_URL: e2eDatabaseUrl }, detached: true, stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const group = -(child.pid as number);
  try {
    // Paused part way (after the first batches, before the last), the panel shows it running.
    await expect
      .poll(
        async () => {
          const row = await jobRow(`csv:${name}`);
          return row ? Number(row.done) > 0 && Number(row.done) < Number(row.total) : false;
        },
        { timeout: 60_000, intervals: [50] },
      )
      .toBe(true);
    process.kill(group, 'SIGSTOP');
    const paused = await jobRow(`csv:${name}`);
    expect(paused?.phase).toBe('running');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const card = page.getByRole('region', { name: /CSV file/ }).filter({ hasText: `csv:${name}` });
    await expect(card.getByText('running', { exact: true })).toBeVisible();
    const bar = card.getByRole('progressbar', { name: 'Bans and comm blocks read' });
    await expect(bar).toHaveAttribute('max', String(ROWS));
    await expect(bar).toHaveAttribute('value', String(paused?.done));
    expect(await seriousViolations(page)).toEqual([]);

    // Let it go on: the page follows it to the end by itself.
    process.kill(group, 'SIGCONT');
    await expect(card.getByText('finished', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(bar).toHaveAttribute('value', String(ROWS));
    await expect(card.getByText(`${ROWS.toLocaleString('en')} of ${ROWS.toLocaleString('en')} (100%)`)).toBeVisible();
    const table = card.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: 'bans' })).toContainText('30000');
    const comms = table.getByRole('row').filter({ hasText: 'comm blocks' });
    await expect(comms).toContainText('24000');
    await expect(comms).toContainText('skipped, type is not ban, mute, gag or silence: 6000');
    expect(await exited).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    if (child.exitCode === null) {
      process.kill(group, 'SIGCONT');
      process.kill(group, 'SIGTERM');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
