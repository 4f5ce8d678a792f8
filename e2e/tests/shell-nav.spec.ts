import { expect, type Page, test } from '@playwright/test';
import { signInBrowser } from '../support/e2e-session';

// Issue 22: the navbar fits one row for the owner, repeats nothing, links every staff page;
// skip link, favicon, and the search box reflecting /search?q=.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('the owner’s navbar is one row at 1280 px, never repeats an entry, and links every panel page', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBrowser(context, { name: 'Nav Owner', flags: 'z', immunity: 99 });
  await page.goto('/');
  await expect(nav(page).getByRole('button', { name: 'Nav Owner' })).toBeVisible();
  // The Panel menu sits in the row, or in More when the row is full (this registry adds two test remotes).
  await expect(
    nav(page)
      .getByRole('button', { name: /^(Panel|More)$/ })
      .first(),
  ).toBeVisible();
  const box = await nav(page).boundingBox();
  expect(box?.height).toBeLessThanOrEqual(60);
  const hrefs = await nav(page)
    .locator('a.navbar-item')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.length).toBe(new Set(hrefs).size);
  for (const href of [
    '/panel/remotes',
    '/panel/webhooks',
    '/panel/settings',
    '/admin/appeals',
    '/bans/appeals',
    '/leaderboards',
  ]) {
    expect(hrefs, href).toContain(href);
  }
});

test('a skip link is the first stop, the favicon is served, and /search?q= fills the search box', async ({ page }) => {
  await page.goto('/search?q=demo');
  await expect(nav(page).getByRole('searchbox', { name: 'Search' })).toHaveValue('demo');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  for (const path of ['/favicon.ico', '/favicon.svg']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(/^image\//);
  }
});

// Issue 27: the language menu switches the chrome to German (and <html lang>); the choice holds
// on the next page load, drawn so by the server too.
test('the language menu switches the navbar to German, and the next load is German from the server', async ({
  page,
}) => {
  await page.goto('/');
  await nav(page).getByRole('button', { name: 'Language: English' }).click();
  await nav(page).getByRole('button', { name: 'Deutsch' }).click();
  const german = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(german.getByRole('searchbox', { name: 'Suche' })).toBeVisible();
  await expect(german.getByRole('button', { name: 'Dunkelmodus einschalten' })).toBeVisible();
  await expect(german.getByRole('button', { name: 'Sprache: Deutsch' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The routes' words switch with the rest (issue 27).
  await expect(german.getByRole('button', { name: 'Doku' })).toBeVisible();
  await expect(german.getByRole('link', { name: 'Bans', exact: true })).toBeVisible();
  // The overview's own words too (servers-overview: its German fetched on the switch).
  await expect(page.getByRole('heading', { name: 'Wie trete ich einem Server bei?' })).toBeVisible();

  const served = await page.request.get('/', { headers: { accept: 'text/html' } });
  expect(await served.text()).toMatch(/<html lang="de"/);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeAttached();
  await expect(german.getByRole('searchbox', { name: 'Suche' })).toBeVisible();

  // And back: English exactly as before.
  await german.getByRole('button', { name: 'Sprache: Deutsch' }).click();
  await german.getByRole('button', { name: 'English' }).click();
  await expect(nav(page).getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(nav(page).getByRole('button', { name: 'Docs' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Bans', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How do I join a server?' })).toBeVisible();
});

test.describe('a first visit with a German browser', () => {
  test.use({ locale: 'de-DE' });
  test('is served in German (Accept-Language), the server-drawn first screen included', async ({ page }) => {
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/<html lang="de"/);
    // The screen the server drew (inert, inside the root) is already German.
    expect(html).toMatch(/data-prerendered[^>]*>.*Zum Inhalt springen.*Mit (Steam|einem Demo-Konto) anmelden/s);
    // The overview's words too, in the drawn screen and in the page's catalogs (no chunk of them fetched).
    expect(html).toMatch(/data-prerendered[^>]*>.*Wie trete ich einem Server bei\?/s);
    await expect(
      page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('searchbox', { name: 'Suche' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Wie trete ich einem Server bei?' })).toBeVisible();
  });

  // Issue 27: the routes' words (navbar, hero, document title) come with the registry, served in
  // the visitor's language: German from the first screen on.
  test('names the routes in German: navbar, hero and document title, in the registry the page carries', async ({
    page,
  }) => {
    // The registry inlined in the page (what the server draws the first screen from) is German.
    const home = (await (await page.goto('/'))?.text()) ?? '';
    expect(home).toMatch(/id="outpost-registry">[^<]*"navLabel":"Doku"/);
    expect(home).not.toMatch(/id="outpost-registry">[^<]*"navLabel":"Docs"/);
    await page.goto('/docs');
    const german = page.getByRole('navigation', { name: 'Hauptmenü' });
    await expect(german.getByRole('button', { name: 'Doku' })).toBeVisible();
    await expect(german.getByRole('link', { name: 'Bans', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dokumentation' })).toBeVisible();
    await expect(page).toHaveTitle(/^Dokumentation - /);
    await page.goto('/docs/rules');
    await expect(page.getByRole('heading', { level: 1, name: 'Regeln' })).toBeVisible();
    // The hero's description (the navbar's menu repeats it for the entry).
    await expect(page.locator('.hero-description')).toHaveText('Was wir von allen erwarten, die hier spielen');
  });
});

test.describe('a first visit with a Russian browser', () => {
  test.use({ locale: 'ru-RU' });
  test('is served in Russian (ru-RU matches ru), the menu listing all eight languages', async ({ page }) => {
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/<html lang="ru"/);
    expect(html).toMatch(/data-prerendered[^>]*>.*Перейти к содержимому/s);
    const russian = page.getByRole('navigation', { name: 'Главное меню' });
    await expect(russian.getByRole('searchbox', { name: 'Поиск' })).toBeVisible();
    await russian.getByRole('button', { name: 'Язык: Русский' }).click();
    for (const name of [
      'English',
      'Deutsch',
      'Português (Brasil)',
      'Русский',
      'Español',
      'Polski',
      'Türkçe',
      '简体中文',
    ]) {
      await expect(russian.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await russian.getByRole('button', { name: '简体中文' }).click();
    const chinese = page.getByRole('navigation', { name: '主菜单' });
    await expect(chinese.getByRole('searchbox', { name: '搜索' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });
});

test('a signed-in user picks German in their user menu; it is kept in their profile', async ({ page, context }) => {
  await signInBrowser(context, { name: 'Sprach Nutzer' });
  await page.goto('/');
  await nav(page).getByRole('button', { name: 'Sprach Nutzer' }).click();
  await nav(page).getByRole('list', { name: 'Language' }).getByRole('button', { name: 'Deutsch' }).click();
  const german = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(german.getByRole('searchbox', { name: 'Suche' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect.poll(async () => (await (await page.request.get('/api/auth/profile')).json()).profile.locale).toBe('de');
  await german.getByRole('button', { name: 'Sprach Nutzer' }).click();
  await expect(german.getByRole('button', { name: 'Abmelden' })).toBeVisible();
});
