import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signInBrowser } from '../support/e2e-session';

// Issue 27/30: a page the server draws shows its dates in the reader's time zone, the one the
// shell keeps in its outpost_tz cookie, so they do not change when the page's own render takes
// over. / shows no dates (the servers overview); /admin/bans does, drawn for staff.

for (const timezoneId of ['Asia/Tokyo', 'America/Los_Angeles']) {
  test(`/admin/bans drawn by the server for a reader in ${timezoneId} shows the dates the live page then shows`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ timezoneId });
    await signInBrowser(context, { name: 'Zone Moderator', codes: ['players.*', 'bans.*'] });
    const created = await context.request.post('/api/bans', {
      headers: { origin: baseURL },
      data: { steamid: `7656119796${String(Date.now()).slice(-7)}`, reason: `Zone check ${timezoneId}`, length: 3600 },
    });
    expect(created.status()).toBe(201);
    const page = await context.newPage();
    // The first page of a visit records the reader's zone for the server.
    await page.goto('/bans');
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'outpost_tz')?.value)
      .toBe(encodeURIComponent(timezoneId));
    // The dates of the server's screen as the page was parsed, before any of its scripts ran.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.querySelector('#root [data-prerendered]');
        (window as unknown as { drawnDates?: unknown }).drawnDates = root
          ? [...root.querySelectorAll('time.date-time')].map((time) => [
              time.getAttribute('datetime'),
              time.textContent,
            ])
          : null;
      });
    });
    // A busy prerender process sends a page undrawn now and then: the first drawn one counts.
    let drawn = false;
    for (let attempt = 0; attempt < 5 && !drawn; attempt++) {
      const response = await page.goto('/admin/bans');
      drawn = ((await response?.text()) ?? '').includes('data-prerendered');
    }
    expect(drawn).toBe(true);
    const drawnDates = (await page.evaluate(() => (window as unknown as { drawnDates?: unknown }).drawnDates)) as [
      string,
      string,
    ][];
    expect(drawnDates.length).toBeGreaterThan(0);
    // The live page has replaced the drawn one.
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.getByRole('cell', { name: `Zone check ${timezoneId}` })).toBeVisible();
    const liveDates = await page
      .locator('main')
      .evaluate((main) =>
        [...main.querySelectorAll('time.date-time')].map((time) => [time.getAttribute('datetime'), time.textContent]),
      );
    expect(liveDates).toEqual(drawnDates);
    // And they are this zone's wall-clock times (SPEC 9: '2026-12-06 at 09:41 PM'), not UTC's.
    for (const [iso, text] of drawnDates) {
      const { clock, day } = await page.evaluate((moment) => {
        const date = new Date(moment);
        const pad = (value: number) => String(value).padStart(2, '0');
        return {
          clock: date.toLocaleString([], { hour: '2-digit', minute: '2-digit' }),
          day: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
        };
      }, iso);
      // (Spaces as written: the clock's own narrow one before AM/PM, the kit's no-break ones.)
      expect(text?.replace(/\s/g, ' ')).toBe(`${day} at ${clock}`.replace(/\s/g, ' '));
    }
    await context.close();
  });
}
