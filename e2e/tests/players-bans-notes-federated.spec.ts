import { expect, test } from '@playwright/test';
import { LOCALE_COOKIE } from '../../shared/contracts/src/locale';
import { baseURL } from '../playwright.config';
import { signInBrowser, withE2eDatabase } from '../support/e2e-session';

// Issue 27: a ban taken from a federation feed is stored with English words ('Cheating (from
// <site>)', 'Federation: <site>'), what game servers kick with. /admin/bans draws them in the
// reader's language from the ban's origin: the server's first screen and the live page alike.

test('/admin/bans drawn by the server in Russian shows a federated ban as the live page then does', async ({
  browser,
}) => {
  const site = `Neighbour ${Date.now().toString(36)}`;
  const now = Math.floor(Date.now() / 1000);
  await withE2eDatabase((db) =>
    db
      .insertInto('bans')
      .values({
        type: 'ban',
        steamid: `7656119796${String(Date.now()).slice(-7)}`,
        ip: null,
        player_name: null,
        player_name_search: null,
        reason: `Cheating (from ${site})`,
        created_at: now,
        length: 86_400,
        expires_at: now + 86_400,
        admin_id: null,
        admin_name: `Federation: ${site}`,
        server_id: null,
        unbanned_at: null,
        unbanned_by_id: null,
        unbanned_by_name: null,
        unban_reason: null,
        updated_at: now,
        origin_site: 'http://127.0.0.1:9/',
        origin_appeals: null,
        origin_name: site,
        origin_category: 'cheating',
      })
      .execute(),
  );
  const context = await browser.newContext();
  await context.addCookies([{ name: LOCALE_COOKIE, value: 'ru', url: baseURL }]);
  await signInBrowser(context, { name: 'Federated Moderator', codes: ['players.*', 'bans.*'] });
  const page = await context.newPage();
  const words = [`Читерство (от ${site})`, `Федерация: ${site}`];
  // The server's screen as the page was parsed, before any of its scripts ran.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.querySelector('#root [data-prerendered]');
      (window as unknown as { drawnText?: string | null }).drawnText = root ? root.textContent : null;
    });
  });
  // A busy prerender process sends a page undrawn now and then: the first drawn one counts.
  let drawn = false;
  for (let attempt = 0; attempt < 5 && !drawn; attempt++) {
    drawn = ((await (await page.goto('/admin/bans'))?.text()) ?? '').includes('data-prerendered');
  }
  expect(drawn).toBe(true);
  const drawnText = (await page.evaluate(() => (window as unknown as { drawnText?: string }).drawnText)) ?? '';
  for (const text of words) expect(drawnText).toContain(text);
  expect(drawnText).not.toContain(`(from ${site})`);
  // The live page has replaced the drawn one, with the same words.
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  for (const text of words) await expect(page.getByRole('cell', { name: text })).toBeVisible();
  await context.close();
});
