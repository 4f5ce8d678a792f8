import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { pseudoMessage, pseudoText } from '../../shared/build/pseudo-locale.mjs';
import { signInBrowser } from '../support/e2e-session';
import { findClippedText } from '../support/layout';

// Issue 27 item 6: every main page in the pseudo-locale ("[Šéŕṽéŕš ··]": English accented and
// ~30 % longer, shared/build/pseudo-locale.mjs) at 1280 and 360 px. Text without the accents
// did not come from a catalog (untranslated); text wider than its box is cut off, as it will
// be in a language longer than English. The pseudo-locale is swapped into the page's one
// Lingui instance (the @outpost/host singleton in Module Federation's share scope), and the
// route labels into the route tables the page fetches: the production build is what is tested
// and nothing of the pseudo-locale ships.

type Role = 'visitor' | 'member' | 'staff';

const { compileMessages, ENGLISH_IN_CODE } = createRequire(import.meta.url)('../../shared/build/compile-catalog.cjs');

/**
 * The kit's words whose English is in its code (compile-catalog.cjs, ENGLISH_IN_CODE: left out of
 * the bundled English catalog; every other locale's catalog has them), compiled: the pseudo-locale
 * has them as any locale's catalog does, so a kit word that comes from the catalog shows accented.
 */
const KIT_ENGLISH_IN_CODE: Record<string, unknown> = compileMessages(
  Object.fromEntries(
    Object.entries(
      JSON.parse(readFileSync(new URL('../../shared/ui/locales/en.json', import.meta.url), 'utf8')) as Record<
        string,
        string
      >,
    ).filter(([id]) => ENGLISH_IN_CODE.key.test(id)),
  ),
  'kit-english-in-code',
);

/** The main pages per role: what the e2e in German and Russian opens, and more. */
const PAGES: Record<Role, string[]> = {
  visitor: ['/', '/bans', '/leaderboards', '/docs', '/discuss', '/events'],
  member: ['/reports/new', '/bans/appeals', '/notes'],
  staff: ['/admin/bans', '/admin/players', '/admin/servers', '/admin/shares', '/panel/dashboard', '/panel/remotes'],
};

/**
 * Text that is the same in every language (proper nouns, product names, code) or is the site's
 * data (seeded server, map and player names): a visible text made only of these words passes.
 */
const NOT_WORDS = new Set([
  'Outpost',
  'Steam',
  'Discord',
  'RCON',
  'SourceMod',
  'SourceBans',
  'GitHub',
  'Minecraft',
  'Left',
  'Dead',
  'OK',
  'ID',
]);
const DATA = [
  /^v?\d+(\.\d+)*([+-][\w.]+)?$/, // versions, build ids
  /^[\w.-]+@[\w.-]+$/, // addresses
  /^\w+_\w+$/, // map names (c1m1_hotel), cvars, commands
  /^(de|en|es|pl|pt-BR|ru|tr|zh-CN)$/, // locale codes
  /^(l4d2|minecraft|docker|custom|others)$/, // game and server-group type ids
];
/** A whole text that is a quantity as Intl writes it in English ("0 min", "3 h"): the locale's words, not ours. */
const INTL_UNIT = /^\d+([.,]\d+)?\s?(s|sec|min|h|hr|d|days?|hours?|minutes?|seconds?)$/;
/** What the e2e server seeds (servers, groups, the site notice) and the users this spec signs in as. */
const SEEDED = new Set([
  'Welcome to the e2e community',
  'Coop Servers',
  'Campaigns with friends',
  'Coop #1',
  'Fake Versus',
  'Fake Versus #1',
  'Fake Versus #2',
  'Fake Versus #3',
  'Fake servers answering A2S and RCON on loopback',
  'Fake Minecraft',
  'Fake Craft',
  'A fake Minecraft server answering the Server List Ping',
  'Custom Maps',
  'Pseudo Member',
  'Pseudo Staff',
  // The site's report reasons as its settings hold them (the dashboard's field staff edit): the
  // report form shows the default ones translated, the setting itself is the site's data.
  'Cheating Griefing Harassment Exploiting Other',
]);

/**
 * Text seen untranslated when this spec arrived, in files still on the JSX allow-list
 * (scripts/jsx-strings/allow-list.mjs). THIS LIST MUST SHRINK: translate the text and take it off.
 */
const KNOWN_UNTRANSLATED: Array<string | RegExp> = [];

/**
 * Serves the route tables with their words in the pseudo-locale (what the server's route labels
 * would say): the registry the server inlines in each page, /remotes.json and route-table.json.
 */
async function pseudoRouteTables(context: BrowserContext) {
  const TEXT_FIELDS = ['title', 'description', 'navLabel', 'navSection', 'tag'];
  // Padded like a message: "[Ɓáñš ·]".
  const label = (text: string) => (pseudoMessage(text, pseudoText) as string[]).join('');
  const accentRoute = (route: Record<string, any>) => {
    for (const field of TEXT_FIELDS) if (typeof route[field] === 'string') route[field] = label(route[field]);
    for (const link of ['prevRoute', 'nextRoute']) if (route[link]?.label) route[link].label = label(route[link].label);
  };
  const accentTable = (table: any) => {
    for (const route of table?.routes ?? []) accentRoute(route);
  };
  const accentRegistry = (body: any) => {
    if (Array.isArray(body)) for (const entry of body) accentTable(entry.routeTable);
    else accentTable(body);
    return body;
  };
  await context.route(/\/(remotes|route-table)\.json(\?|$)/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: accentRegistry(await response.json()) });
  });
  await context.route(
    (url) => !url.pathname.startsWith('/api/') && !/\.\w+$/.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const inlined = /(<script type="application\/json" id="outpost-registry">)(.*?)(<\/script>)/s;
      const body = (await response.text()).replace(
        inlined,
        (_all, open: string, json: string, close: string) =>
          `${open}${JSON.stringify(accentRegistry(JSON.parse(json))).replaceAll('<', '\\u003c')}${close}`,
      );
      await route.fulfill({ response, body });
    },
  );
}

/**
 * In the page: every message Lingui holds, and every one loaded from now on, in the pseudo-locale;
 * then redraws everything (setLocale bumps the revision every useT() listens to).
 */
async function pseudoCatalogs(page: Page) {
  await page.evaluate(`(async () => {
    const accent = ${pseudoText.toString()};
    const pseudoMessage = ${pseudoMessage.toString()};
    let host = null;
    for (const scopes of Object.values(globalThis.__FEDERATION__?.__SHARE__ ?? {}))
      for (const packages of Object.values(scopes))
        for (const shared of Object.values(packages['@outpost/host'] ?? {}))
          if (!host && shared.lib) host = shared.lib();
    if (!host) throw new Error('@outpost/host is not in the share scope');
    const { i18n } = host;
    if (!i18n.__pseudo) {
      i18n.__pseudo = new WeakSet();
      const convert = (messages) => {
        const out = {};
        for (const [id, message] of Object.entries(messages)) {
          if (typeof message === 'object' && message !== null && i18n.__pseudo.has(message)) { out[id] = message; continue; }
          const converted = pseudoMessage(message, accent);
          i18n.__pseudo.add(converted);
          out[id] = converted;
        }
        return out;
      };
      const load = i18n.load.bind(i18n);
      i18n.load = (locale, messages) =>
        typeof locale === 'string' ? load(locale, convert(messages ?? {})) : load(locale);
      i18n.load('en', { ...${JSON.stringify(KIT_ENGLISH_IN_CODE)}, ...(i18n._messages.en ?? {}) });
    }
    await host.setLocale('en');
  })()`);
}

type Finding = { text: string; where: string };

/**
 * Visible text without pseudo accents, and text elements whose text is wider than their box
 * (support/layout.ts, as the CJK layout spec finds them).
 */
async function inspect(page: Page): Promise<{ untranslated: Finding[]; clipped: Finding[]; translated: number }> {
  const found = await page.evaluate(() => {
    const ACCENTED = /[\u00C0-\u024F\u1E00-\u1EFF]/;
    // Code, dates (the kit's DateTime is a <time>, in Intl's words for the locale) and authored
    // content (markdown: docs pages and notices are translated per locale as files, not catalogs).
    const SKIP = 'script, style, noscript, code, pre, kbd, samp, time, svg, .markdown, [aria-hidden="true"], [hidden]';
    /**
     * A link to one record's page (/admin/players/76561197960287930): its text is the record's
     * name (a player, a ban), data other specs may have added to the shared e2e database.
     */
    const isRecordName = (element: Element) => {
      const link = element.closest('a[href]') as HTMLAnchorElement | null;
      return link !== null && /\d/.test(new URL(link.href).pathname.split('/').pop() ?? '');
    };
    const where = (element: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && parts.length < 3; node = node.parentElement)
        parts.unshift(node.tagName.toLowerCase() + (node.classList.length ? `.${[...node.classList].join('.')}` : ''));
      return parts.join(' > ');
    };
    const untranslated: Array<{ text: string; where: string }> = [];
    let translated = 0;
    // What screen readers and tooltips say: aria-label, title, placeholder and alt.
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (element.closest(SKIP) || !element.checkVisibility()) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim() ?? '';
        if (!/\p{L}/u.test(value)) continue;
        if (ACCENTED.test(value)) translated++;
        else if (/[A-Za-z]/.test(value))
          untranslated.push({ text: value.replace(/\s+/g, ' ').slice(0, 120), where: `${where(element)} [${name}]` });
      }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.nodeValue ?? '').trim();
      const element = node.parentElement;
      if (!element || !/\p{L}/u.test(text) || element.closest(SKIP)) continue;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (ACCENTED.test(text)) translated++;
      else if (/[A-Za-z]/.test(text) && !isRecordName(element))
        untranslated.push({ text: text.replace(/\s+/g, ' ').slice(0, 120), where: where(element) });
    }
    return { untranslated, translated };
  });
  return { ...found, clipped: await findClippedText(page) };
}

function isData(text: string): boolean {
  // An example address in a field (https://, https://key@sentry.example.org/1).
  if (SEEDED.has(text) || /^https?:\/\/\S*$/.test(text) || INTL_UNIT.test(text)) return true;
  return text
    .split(/[\s,;:·/()[\]|#"“”'’!?…—–-]+/)
    .filter((word) => /[A-Za-z]/.test(word))
    .every((word) => NOT_WORDS.has(word) || DATA.some((pattern) => pattern.test(word)));
}

async function signIn(context: BrowserContext, role: Role) {
  if (role === 'member') await signInBrowser(context, { name: 'Pseudo Member' });
  if (role === 'staff') await signInBrowser(context, { name: 'Pseudo Staff', flags: 'z', immunity: 99 });
}

/** Which KNOWN_UNTRANSLATED entries this run still met, and how many page tests passed. */
const knownSeen = new Set<string | RegExp>();
let pagesPassed = 0;

function known(text: string): boolean {
  const entry = KNOWN_UNTRANSLATED.find((candidate) =>
    typeof candidate === 'string' ? candidate === text : candidate.test(text),
  );
  if (entry !== undefined) knownSeen.add(entry);
  return entry !== undefined;
}

for (const role of ['visitor', 'member', 'staff'] as const) {
  for (const width of [1280, 360]) {
    test(`${role} pages at ${width} px: every word from a catalog, nothing cut off`, async ({ page, context }) => {
      test.setTimeout(30_000 + PAGES[role].length * 15_000);
      await page.setViewportSize({ width, height: 900 });
      await signIn(context, role);
      await pseudoRouteTables(context);
      const problems: string[] = [];
      for (const path of PAGES[role]) {
        await page.goto(path);
        await expect(page.locator('main').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await pseudoCatalogs(page);
        // The redraw, and any page part that loads after it, in the pseudo-locale.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const { untranslated, clipped, translated } = await inspect(page);
        // The pseudo-locale reached the page (else everything would read as untranslated).
        expect(translated, path).toBeGreaterThan(5);
        for (const found of untranslated)
          if (!isData(found.text) && !known(found.text))
            problems.push(`${path}: untranslated "${found.text}" in ${found.where}`);
        for (const found of clipped)
          problems.push(`${path}: cut off at ${width} px: "${found.text}" in ${found.where}`);
      }
      expect([...new Set(problems)]).toEqual([]);
      pagesPassed++;
    });
  }
}

// The checks themselves: plain English and text wider than its box are found, the pseudo-locale passes.
test('finds untranslated and cut-off text, and lets the pseudo-locale through', async ({ page, context }) => {
  await pseudoRouteTables(context);
  await page.goto('/bans');
  await expect(page.locator('main').first()).toBeVisible();
  await pseudoCatalogs(page);
  await page.evaluate(() => {
    const probe = document.createElement('p');
    probe.style.cssText = 'width: 60px; overflow: hidden; white-space: nowrap';
    probe.textContent = 'Plain English words that do not fit';
    document.querySelector('main')?.append(probe);
  });
  const { untranslated, clipped, translated } = await inspect(page);
  expect(untranslated.map((found) => found.text)).toContain('Plain English words that do not fit');
  expect(clipped.map((found) => found.text)).toContainEqual(expect.stringMatching(/^Plain English words/));
  expect(translated).toBeGreaterThan(5);
  expect((await page.locator('.hero-title').textContent())?.trim()).toMatch(/^\[Ɓáñš ·+\]$/);
});

// KNOWN_UNTRANSLATED only shrinks: an entry no page showed in a full run is translated now. Said,
// not failed (the helpers translating them need not run this spec): take such entries off. A hook,
// not a test: it says something only after every page test of this file passed in this worker.
test.afterAll(() => {
  if (pagesPassed < 6) return;
  for (const entry of KNOWN_UNTRANSLATED.filter((candidate) => !knownSeen.has(candidate)).map(String)) {
    console.warn(`i18n-pseudo: "${entry}" is translated now: take it off KNOWN_UNTRANSLATED`);
  }
});
