// `pnpm demo` end to end: the spec starts the demo itself (the real root command, on its own
// port and data folder), then a newcomer signs in as Demo moderator, watches the live
// overview change, bans a simulated player and sees the ban in the log and enforced by the
// simulated plugin on that player's next connect.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { simulatedPopulation } from '../../api/src/demo/population';
import { scrollsSideways, seriousViolations, settle } from '../support/a11y';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Beside the suite's own server: E2E_PORT + 1000 unless told (4319 -> 5319 in CI).
const port = Number(process.env.E2E_DEMO_PORT ?? Number(process.env.E2E_PORT ?? 4319) + 1000);
const demoUrl = `http://127.0.0.1:${port}`;
// The four last simulated players start banned or muted; any other may be picked.
const playable = new Set(
  simulatedPopulation()
    .slice(0, -4)
    .map((player) => player.name),
);

let demo: ChildProcess | null = null;
let output = '';
let readySeconds = 0;

test.use({ baseURL: demoUrl });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-demo-e2e-'));
  const started = Date.now();
  demo = spawn(process.execPath, [path.join(root, 'scripts/outpost.mjs'), 'demo'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: demoUrl,
      DEMO_DATA_DIR: dataDir,
      // A faster world than the default, so a banned player tries to come back within seconds.
      DEMO_TICK_MS: '400',
      POLL_INTERVAL_MS: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  demo.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  demo.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await expect
    .poll(() => output.includes('Outpost demo is running (ready in') || demo?.exitCode !== null, { timeout: 110_000 })
    .toBe(true);
  if (!output.includes('Outpost demo is running (ready in')) throw new Error(`pnpm demo did not start:\n${output}`);
  readySeconds = (Date.now() - started) / 1000;
  console.log(`[demo e2e] pnpm demo ready after ${readySeconds.toFixed(1)} s`);
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
});

test.afterAll(async () => {
  if (!demo?.pid || demo.exitCode !== null) return;
  const exited = new Promise((resolve) => demo?.once('exit', resolve));
  // The whole group: the root script, tsx and the demo process under it.
  process.kill(-demo.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (demo.exitCode === null) process.kill(-demo.pid, 'SIGKILL');
});

test('a newcomer signs in as Demo moderator, sees live players, bans one, and the ban is logged and enforced', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByRole('complementary', { name: 'Demo' })).toContainText('This is a demo');
  const overview = page.locator('.main table tbody');
  await expect(overview.getByText('TF2 2Fort 24/7')).toBeVisible();

  const signInStarted = Date.now();
  await page.getByRole('button', { name: 'Login with a demo account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the Outpost demo' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Demo moderator' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Demo Moderator')).toBeVisible();
  await expect(page).toHaveURL(`${demoUrl}/`);
  console.log(`[demo e2e] signed in as Demo moderator in ${((Date.now() - signInStarted) / 1000).toFixed(1)} s`);

  // Live: the overview refreshes on its own and the simulated players come and go.
  await expect(overview.getByText('CS2 Competitive')).toBeVisible();
  const before = (await overview.allInnerTexts()).join('\n');
  const changeStarted = Date.now();
  await expect.poll(async () => (await overview.allInnerTexts()).join('\n'), { timeout: 45_000 }).not.toBe(before);
  console.log(`[demo e2e] the overview changed after ${((Date.now() - changeStarted) / 1000).toFixed(1)} s`);
  expect(await seriousViolations(page)).toEqual([]);

  // Pick a simulated player seen lately and ban them from their player page.
  await page.goto('/admin/players');
  const players = page.getByRole('region', { name: 'Players' });
  await expect(players.getByRole('link').first()).toBeVisible();
  const names = await players.getByRole('link').allInnerTexts();
  const target = names.find((name) => playable.has(name.trim()))?.trim();
  if (!target) throw new Error(`no simulated player in the list: ${names.join(', ')}`);
  await players.getByRole('link', { name: target, exact: true }).first().click();
  // The players list keeps itself alive (hidden) under the player page: act on what is shown.
  const modal = page.getByRole('dialog', { name: target }).filter({ visible: true });
  await modal
    .getByRole('tab', { name: /^Bans \(/ })
    .filter({ visible: true })
    .click();
  await modal.getByRole('button', { name: 'Ban this player' }).filter({ visible: true }).click();
  const form = page.getByRole('dialog', { name: 'New ban' }).filter({ visible: true });
  await form.getByLabel('Reason').fill('Griefing in the demo');
  await form.getByLabel('Length').selectOption({ label: 'Permanent' });
  await form.getByRole('button', { name: 'Ban player' }).click();
  await expect(form).toHaveCount(0);
  const steamid = /\/admin\/players\/(\d{17})/.exec(page.url())?.[1];
  expect(steamid, page.url()).toBeTruthy();
  const bannedAt = Date.now();

  // The ban is in the log...
  await page.goto(`/admin/audit?player=${steamid}`);
  await expect(page.getByRole('row', { name: new RegExp(`banned ${target} permanently`) })).toBeVisible();
  await expect(page.getByRole('row', { name: /Griefing in the demo/ }).first()).toBeVisible();

  // ...and enforced: on their next connect the simulated plugin's check refuses them, and says so.
  const kicked = page.getByRole('row', { name: new RegExp(`kicked "${target}" on connect`) }).first();
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByRole('row', { name: new RegExp(`banned ${target}`) })).toBeVisible();
        return kicked.isVisible();
      },
      { timeout: 90_000, intervals: [2000] },
    )
    .toBe(true);
  await expect(kicked).toContainText('You are banned from this server (permanent). Reason: Griefing in the demo');
  console.log(`[demo e2e] the ban was enforced on connect ${((Date.now() - bannedAt) / 1000).toFixed(1)} s after it`);

  // They are never back on a server: the players of every server, as the overview shows them.
  // The overview's status is the last poll's, so a server they had left before trying to come
  // back may list them until its next poll.
  // Asked by the page's own fetch: Chromium retries a request on a kept-alive socket the server
  // closed meanwhile (its 5 s keep-alive ends during the 6 s wait below), Playwright's request does not.
  const online = () => page.evaluate(async () => JSON.stringify(await (await fetch('/api/servers')).json()));
  await expect.poll(online, { timeout: 30_000 }).not.toContain(`"name":"${target}"`);
  // ...and two polls later still not.
  await page.waitForTimeout(6_000);
  expect(await online()).not.toContain(`"name":"${target}"`);
});

test('a visitor types slash commands in the simulated Discord channel and sees what Discord would show', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login with a demo account' }).click();
  await page.getByRole('button', { name: 'Demo member' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Demo Member')).toBeVisible();
  await page
    .getByRole('complementary', { name: 'Demo' })
    .getByRole('link', { name: "Try Discord's slash commands" })
    .click();
  await expect(page).toHaveURL(`${demoUrl}/demo/discord`);
  const channel = page.getByRole('region', { name: '#staff-room' });
  const log = channel.getByRole('list', { name: 'Messages' });
  const message = channel.getByLabel('Message #staff-room');

  // Live status, for everyone in the channel.
  await message.fill('/servers');
  await channel.getByRole('button', { name: 'Send' }).click();
  await expect(log.getByText('TF2 2Fort 24/7').first()).toBeVisible();
  await expect(log.getByText('Everyone in the channel sees this')).toBeVisible();

  // A lookup runs as Demo moderator (linked to the simulated Discord account): deferred, then edited.
  // The seeded cheater (never on a server, banned by the seed), by SteamID.
  const cheater = simulatedPopulation().at(-4)?.steamid as string;
  await channel.getByRole('button', { name: '/lookup Ellis' }).click();
  await expect(message).toHaveValue('/lookup Ellis');
  await message.fill(`/lookup ${cheater}`);
  await channel.getByRole('button', { name: 'Send' }).click();
  await expect(log.getByText(/Aimbot \(demo record\)/)).toBeVisible();
  await expect(log.getByText(/Only you can see this · answered after "Outpost is thinking…"/)).toBeVisible();
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  // On a phone the channel fits: its longest example command wraps inside its button.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(channel.getByRole('button', { name: /^\/note player:/ })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
});

test('the Demo member and Demo owner sign in with one click each, and see what their role allows', async ({
  browser,
}) => {
  for (const [label, name, canSeeAdmin] of [
    ['Demo member', 'Demo Member', false],
    ['Demo owner', 'Demo Owner', true],
  ] as const) {
    const page = await (await browser.newContext()).newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Login with a demo account' }).click();
    await page.getByRole('button', { name: label }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText(name)).toBeVisible();
    // The seeded discussion and event are there for every member.
    const discussions = await page.request.get('/api/discussions');
    expect(discussions.status()).toBe(200);
    expect(JSON.stringify(await discussions.json())).toContain('Versus night on Friday?');
    await page.goto('/events');
    await expect(page.getByText('Versus night', { exact: true }).first()).toBeVisible();
    const admin = await page.request.get('/api/panel/settings');
    expect(admin.status(), `${label} reading panel settings`).toBe(canSeeAdmin ? 200 : 403);
    await page.context().close();
  }
});

test('a newcomer signs in as Demo owner and clicks through every section in under a minute', async ({ page }) => {
  const started = Date.now();
  await page.goto('/');
  await page.getByRole('button', { name: 'Login with a demo account' }).click();
  await page.getByRole('button', { name: 'Demo owner' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Demo Owner')).toBeVisible();
  // Each page and something the seed put there (null: the page's heading is enough).
  const sections: [string, RegExp | string | null][] = [
    ['/admin/players', 'Demo Owner'],
    ['/admin/bans', 'Aimbot (demo record)'],
    ['/admin/notes', 'Regular on the coop servers'],
    ['/admin/audit', /connected|disconnected/],
    ['/admin/shares', 'Custom campaigns'],
    // Its pages are being built (issue 13); the seeded thread is checked through the API above.
    ['/discuss', null],
    ['/events', 'Versus night'],
    ['/panel/dashboard', null],
    ['/bans', 'Team killing on purpose'],
    ['/admin/appeals', 'Demo Member'],
    ['/admin/reports', 'Cheating'],
    ['/', 'Minecraft Survival'],
  ];
  for (const [path, shows] of sections) {
    await page.goto(path);
    await settle(page);
    if (shows) await expect(page.locator('.main').getByText(shows).first(), path).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Demo' }), path).toBeVisible();
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`[demo e2e] signed in and opened ${sections.length} sections in ${seconds.toFixed(1)} s`);
  expect(seconds).toBeLessThan(60);
});
