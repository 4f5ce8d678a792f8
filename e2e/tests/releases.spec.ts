import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { openDatabase } from '../../api/src/db/database';
import { authService } from '../../api/src/modules/auth';
import { createSignedInUser } from '../../api/src/test-support/test-users';
import { baseURL } from '../playwright.config';
import { seriousViolations } from '../support/a11y';
import { e2eDatabaseUrl, e2eDataDir, signInBrowser } from '../support/e2e-session';

// Issue 14 section 1: remote releases published, activated and rolled back through
// `pnpm release` (scripts/release.mjs, the HTTP path a team's CI uses) against the running
// server: neither the shell nor the API is rebuilt or restarted.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const docsDist = path.join(root, 'remotes/docs/dist');
const run = promisify(execFile);
let apiKey = '';
let work = '';

/** A copy of the built docs remote, changed by `edit` (compressed copies rewritten as the build does). */
function docsBuild(name: string, edit: (file: string, text: string) => string): string {
  const dir = path.join(work, name);
  fs.cpSync(docsDist, dir, { recursive: true });
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.(js|json)$/.test(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const changed = edit(path.relative(dir, file), text);
    if (changed === text) continue;
    fs.writeFileSync(file, changed);
    if (fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(changed));
    if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(changed));
  }
  return dir;
}

function release(...args: string[]) {
  return run(process.execPath, [path.join(root, 'scripts/release.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, OUTPOST_URL: baseURL, OUTPOST_API_KEY: apiKey },
  });
}

async function releaseFails(...args: string[]): Promise<string> {
  try {
    await release(...args);
  } catch (error) {
    return (error as { stderr: string }).stderr;
  }
  throw new Error(`pnpm release ${args.join(' ')} succeeded`);
}

async function activeDocsVersion(): Promise<string> {
  const response = await fetch(`${baseURL}/remotes.json`);
  const entries = (await response.json()) as Array<{ name: string; version?: string }>;
  return entries.find((entry) => entry.name === 'docs')?.version ?? '';
}

async function expectRules(page: Page, heading: string, text: string) {
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expect(page.locator('[data-remote="docs"]').filter({ visible: true }).getByText(text)).toBeVisible();
}

test.beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-releases-e2e-'));
  const database = openDatabase(e2eDatabaseUrl);
  try {
    const { userId } = await createSignedInUser(database.db, { codes: ['remotes.publish'] }, 'Docs Team CI');
    apiKey = (await authService.regenerateApiKey(database.db, userId)).key;
  } finally {
    await database.close();
  }
});
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

test('publish a docs release, see it on reload while an open tab keeps working, roll back, all without restarts', async ({
  browser,
}) => {
  const started = Date.now();
  const releaseA = docsBuild('a', (_file, text) => text);
  const releaseB = docsBuild('b', (file, text) =>
    file === 'route-table.json'
      ? text.replace('"title":"Rules"', '"title":"Rules of release B"')
      : text.replaceAll('No griefing.', 'No griefing, says release B.'),
  );

  const published = await release('docs', '--dist', releaseA);
  expect(published.stdout).toMatch(/docs now runs 0\.1\.0\+[0-9a-f]{12}/);
  const versionA = await activeDocsVersion();
  expect(versionA).toMatch(/^0\.1\.0\+[0-9a-f]{12}$/);

  // A tab opened before the next publish, on release A.
  const oldTab = await browser.newPage();
  const chunkStatuses: Array<[string, number]> = [];
  oldTab.on('response', (response) => {
    if (response.url().includes('/remotes/docs/')) chunkStatuses.push([response.url(), response.status()]);
  });
  await oldTab.goto('/docs/rules');
  await expectRules(oldTab, 'Rules', 'No griefing.');

  await release('docs', '--dist', releaseB);
  const versionB = await activeDocsVersion();
  expect(versionB).not.toBe(versionA);

  // A fresh load gets release B: its route table (heading) and its code (page text).
  const page = await browser.newPage();
  await page.goto('/docs/rules');
  await expectRules(page, 'Rules of release B', 'No griefing, says release B.');

  // The old tab keeps working on release A: a page it has not loaded yet comes from A's files.
  chunkStatuses.length = 0;
  await oldTab.getByRole('link', { name: 'Cvars' }).first().click();
  await expect(oldTab.getByRole('heading', { name: 'Cvars', level: 1 })).toBeVisible();
  await expect(oldTab.getByText('epi_doorunlock_percent').first()).toBeVisible();
  expect(chunkStatuses.length).toBeGreaterThan(0);
  for (const [url, status] of chunkStatuses) {
    expect(url).toContain(`/remotes/docs/${encodeURIComponent(versionA).replace('%2B', '+')}/`);
    expect(status).toBeLessThan(400);
  }

  // Roll back with one command: the next load is release A again.
  const rolledBack = await release('rollback', 'docs');
  expect(rolledBack.stdout).toContain(`rolled docs back to ${versionA} (was ${versionB})`);
  await page.reload();
  await expectRules(page, 'Rules', 'No griefing.');
  await expect(page.getByText('No griefing, says release B.')).toHaveCount(0);

  expect(Date.now() - started).toBeLessThan(60_000);
});

test('a release built against another contract major is refused with its reason', async () => {
  const before = await activeDocsVersion();
  const incompatible = docsBuild('contract-2', (file, text) =>
    file === 'route-table.json' ? text.replace(/"contractVersion":"[^"]+"/, '"contractVersion":"2.0.0"') : text,
  );
  const stderr = await releaseFails('docs', '--dist', incompatible);
  expect(stderr).toContain('422 (CONTRACT_MISMATCH)');
  expect(stderr).toContain('The release speaks contract 2.0.0; the shell speaks 1.0.0');
  expect(await activeDocsVersion()).toBe(before);
});

test('two concurrent activations: one wins, the other is told', async () => {
  const current = await activeDocsVersion();
  const other = docsBuild('c', (file, text) =>
    file === 'route-table.json' ? text.replace('"title":"Rules"', '"title":"Rules of release C"') : text,
  );
  await release('docs', '--dist', other, '--no-activate');
  const list = (await (
    await fetch(`${baseURL}/api/remotes`, { headers: { authorization: `Bearer ${apiKey}` } })
  ).json()) as { remotes: Array<{ id: string; releases: Array<{ version: string }> }> };
  const versions = list.remotes.find((remote) => remote.id === 'docs')?.releases.map((r) => r.version) ?? [];
  const candidates = versions.filter((version) => version !== current).slice(0, 2);
  expect(candidates).toHaveLength(2);
  const activate = (version: string, expectedActive: string) =>
    fetch(`${baseURL}/api/remotes/docs/activation`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version, expectedActive }),
    });
  const responses = await Promise.all(candidates.map((version) => activate(version, current)));
  expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
  const loser = responses.find((response) => response.status === 409) as Response;
  expect(((await loser.json()) as { message: string }).message).toContain('someone else activated a release meanwhile');
  const winner = await activeDocsVersion();
  expect(candidates).toContain(winner);
  // Leave the docs remote on the build the other specs expect.
  expect((await activate(current, winner)).status).toBe(200);
});

test('the Remotes page rolls back with one button and lets staff try a release in their own browser only', async ({
  browser,
}) => {
  const active = await activeDocsVersion();
  // The trial release's Russian catalog misses keys (issue 27 item 2: completeness per locale).
  const trial = docsBuild('trial', (file, text) => {
    if (file === 'route-table.json') return text.replace('"title":"Rules"', '"title":"Rules on trial"');
    if (file !== 'catalog-completeness.json') return text;
    const counts = JSON.parse(text) as { keys: number; translated: Record<string, number> };
    return JSON.stringify({ ...counts, translated: { ...counts.translated, ru: Math.floor(counts.keys / 2) } });
  });
  await release('docs', '--dist', trial, '--no-activate');

  const staff = await browser.newContext();
  await signInBrowser(staff, { name: 'Release Manager', codes: ['remotes.publish'] });
  const page = await staff.newPage();
  await page.goto('/panel/remotes');
  const docs = page.getByRole('article', { name: 'docs' });
  await expect(docs.getByText(active).first()).toBeVisible();
  await expect(docs.getByRole('table', { name: 'Releases of docs' })).toContainText('Docs Team CI');
  // Each release's catalogs as its build counted them: the trial's Russian half done, the one before it whole.
  await expect(docs.getByRole('row').nth(1).getByRole('listitem').filter({ hasText: /^ru / })).toHaveText(
    /^ru (49|50) %$/,
  );
  await expect(docs.getByRole('row').nth(2).getByRole('listitem').filter({ hasText: /^ru / })).toHaveText('ru 100 %');
  expect(await seriousViolations(page)).toEqual([]);

  // Canary: this browser gets the trial release, everyone else keeps the active one.
  const rows = docs.getByRole('row');
  const trialVersion = (await rows.nth(1).locator('code').first().textContent()) ?? '';
  expect(trialVersion).not.toBe(active);
  await docs.getByRole('button', { name: `Try ${trialVersion} in my browser` }).click();
  await expect(docs.getByText(`Your browser is trying ${trialVersion}`, { exact: false })).toBeVisible();
  await page.goto('/docs/rules');
  await expect(page.getByRole('heading', { name: 'Rules on trial', level: 1 })).toBeVisible();
  const visitor = await browser.newPage();
  await visitor.goto('/docs/rules');
  await expect(visitor.getByRole('heading', { name: 'Rules', level: 1 })).toBeVisible();
  await page.goto('/panel/remotes');
  await page.getByRole('article', { name: 'docs' }).getByRole('button', { name: 'Stop trying' }).click();
  await expect(page.getByText('Your browser is trying')).toHaveCount(0);

  // Activate the trial release with its button, then roll back with the remote's button.
  await page
    .getByRole('article', { name: 'docs' })
    .getByRole('button', { name: `Activate ${trialVersion}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
  await expect.poll(activeDocsVersion).toBe(trialVersion);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Rules on trial', level: 1 })).toBeVisible();
  await page
    .getByRole('article', { name: 'docs' })
    .getByRole('button', { name: `Roll back to ${active}` })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
  await expect.poll(activeDocsVersion).toBe(active);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Rules', level: 1 })).toBeVisible();
  await staff.close();
});

test('a tab whose release files are gone reloads once onto the new release, and never loops', async ({ browser }) => {
  const before = await activeDocsVersion();
  const releaseE = docsBuild('e', (file, text) =>
    file === 'route-table.json' ? text.replace('"title":"Cvars"', '"title":"Cvars of release E"') : text,
  );
  const releaseF = docsBuild('f', (file, text) =>
    file === 'route-table.json' ? text.replace('"title":"Cvars"', '"title":"Cvars of release F"') : text,
  );
  const folder = (version: string) => path.join(e2eDataDir, 'releases/remotes/docs', version);
  await release('docs', '--dist', releaseE);
  const versionE = await activeDocsVersion();
  const oldTab = await browser.newPage();
  await oldTab.goto('/docs/rules');
  await expect(oldTab.getByRole('heading', { name: 'Rules', level: 1 })).toBeVisible();
  await oldTab.evaluate(() => Object.assign(window, { beforePublish: true }));

  // F is published and E's files disappear (pruned, or a CDN that dropped them).
  await release('docs', '--dist', releaseF);
  const versionF = await activeDocsVersion();
  fs.rmSync(folder(versionE), { recursive: true });
  await oldTab.getByRole('link', { name: 'Cvars' }).first().click();
  await expect(oldTab.getByRole('heading', { name: 'Cvars of release F', level: 1 })).toBeVisible();
  expect(await oldTab.evaluate(() => 'beforePublish' in window)).toBe(false);
  // The page's own code has arrived (the hero above is the shell's, drawn from the route table
  // before it): files that disappear from now on fail the next page, not this one.
  await expect(oldTab.getByRole('table', { name: 'Cvars' })).toBeVisible();

  // The active release itself failing is no reason to reload: the section says so instead.
  await oldTab.evaluate(() => Object.assign(window, { afterReload: true }));
  fs.renameSync(folder(versionF), `${folder(versionF)}-gone`);
  await oldTab.getByRole('link', { name: 'Maps' }).first().click();
  await expect(oldTab.getByRole('heading', { name: 'Section unavailable' })).toBeVisible({ timeout: 15_000 });
  expect(await oldTab.evaluate(() => 'afterReload' in window)).toBe(true);

  // Put the files back and the docs remote on the release the other specs expect.
  fs.renameSync(`${folder(versionF)}-gone`, folder(versionF));
  fs.cpSync(releaseE, folder(versionE), { recursive: true });
  // The unchanged build is the release the specs started from (pruned by now: publishing it
  // again brings its files back).
  await release(
    'docs',
    '--dist',
    docsBuild('restore', (_file, text) => text),
  );
  expect(await activeDocsVersion()).toBe(before);
});
