import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsService } from '../modules/accounts';
import { SESSION_COOKIE } from '../modules/auth';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../test-support/test-app';
import { testDatabases } from '../test-support/test-databases';
import { DEMO_ACCOUNTS, demoAccount } from './demo-accounts';
import { type DemoOpenIdProvider, startDemoOpenIdProvider } from './openid-provider';

const CALLBACK = `${TEST_PUBLIC_URL}/api/auth/steam/callback`;
/** return_to as the shell builds it: back to /admin/bans, with this browser's sign-in state. */
const returnToFor = (state: string) =>
  `${CALLBACK}?${new URLSearchParams({ return_uri: `${TEST_PUBLIC_URL}/admin/bans`, state })}`;
const returnTo = returnToFor('0.not-started');
const NS = 'http://specs.openid.net/auth/2.0';
const SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';

/** The form the shell posts to the provider (SPEC 7), as a browser sends it. */
function checkidSetup(overrides: Record<string, string> = {}, target = returnTo): URLSearchParams {
  return new URLSearchParams({
    'openid.ns': NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': target,
    'openid.realm': TEST_PUBLIC_URL,
    'openid.identity': SELECT,
    'openid.claimed_id': SELECT,
    ...overrides,
  });
}

describe.each(testDatabases())('the demo OpenID provider against the real Steam sign-in on $name', (kind) => {
  let provider: DemoOpenIdProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startDemoOpenIdProvider();
    t = await startTestApp(kind, { STEAM_OPENID_URL: provider.openidUrl, SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' });
    for (const account of DEMO_ACCOUNTS)
      await accountsService.upsertSteamUser(t.database.db, account.steamId, { name: account.name, avatarHash: null });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const post = (path: string, form: URLSearchParams) =>
    fetch(new URL(path, provider.openidUrl), { method: 'POST', body: form, redirect: 'manual' });

  it('offers the three demo accounts on its login page, as escaped HTML under a strict CSP', async () => {
    const page = await post('/openid/login', checkidSetup());
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${TEST_PUBLIC_URL}`);
    const html = await page.text();
    for (const label of ['Demo owner', 'Demo moderator', 'Demo member']) expect(html).toContain(`>${label}</button>`);
    expect(html).toContain(returnTo.replaceAll('&', '&amp;'));
    // GET works too (OpenID allows indirect requests either way).
    const viaGet = await fetch(`${provider.openidUrl}?${checkidSetup()}`);
    expect(viaGet.status).toBe(200);
  });

  it('signs the chosen account in through the unchanged Steam callback', async () => {
    for (const key of ['moderator', 'member', 'owner'] as const) {
      // The browser starts the sign-in (state cookie), then posts the shell's form to the provider.
      const start = await t.app.inject({
        method: 'POST',
        url: '/api/auth/steam/start',
        headers: { origin: TEST_PUBLIC_URL },
      });
      expect(start.statusCode).toBe(200);
      const state = start.json().state as string;
      const stateCookie = start.cookies.find((c) => c.value === state);
      if (!stateCookie) throw new Error('no state cookie');
      const approve = checkidSetup({}, returnToFor(state));
      approve.set('account', key);
      const answer = await post('/openid/approve', approve);
      expect(answer.status).toBe(302);
      const location = answer.headers.get('location') as string;
      expect(location.startsWith(`${CALLBACK}?`)).toBe(true);
      const callback = await t.app.inject({
        method: 'GET',
        url: location.slice(TEST_PUBLIC_URL.length),
        headers: { cookie: `${stateCookie.name}=${state}` },
      });
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe('/admin/bans');
      const cookie = callback.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie?.value).toBeTruthy();
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` },
      });
      expect(me.statusCode).toBe(200);
      expect(JSON.stringify(me.json())).toContain(demoAccount(key)?.name as string);
    }
  });

  it('confirms only its own, unaltered assertions (check_authentication)', async () => {
    const moderator = demoAccount('moderator');
    const owner = demoAccount('owner');
    if (!moderator || !owner) throw new Error('demo accounts missing');
    const query = new URLSearchParams(provider.assert(moderator, returnTo));
    const check = async (fields: URLSearchParams) => {
      const body = new URLSearchParams(fields);
      body.set('openid.mode', 'check_authentication');
      return (await post('/openid/login', body)).text();
    };
    expect(await check(query)).toContain('is_valid:true');
    // The identity swapped after signing: an attacker turning a member into the owner.
    const swapped = new URLSearchParams(query);
    swapped.set('openid.claimed_id', `https://steamcommunity.com/openid/id/${owner.steamId}`);
    swapped.set('openid.identity', `https://steamcommunity.com/openid/id/${owner.steamId}`);
    expect(await check(swapped)).toContain('is_valid:false');
    const narrowed = new URLSearchParams(query);
    narrowed.set('openid.signed', 'signed,op_endpoint');
    expect(await check(narrowed)).toContain('is_valid:false');
    const otherHandle = new URLSearchParams(query);
    otherHandle.set('openid.assoc_handle', 'someone-else');
    expect(await check(otherHandle)).toContain('is_valid:false');
    // And the API refuses a swapped assertion end to end, from a browser that did start a sign-in.
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/auth/steam/start',
      headers: { origin: TEST_PUBLIC_URL },
    });
    const state = started.json().state as string;
    const cookie = started.cookies.find((c) => c.value === state);
    const target = returnToFor(state);
    const forged = new URLSearchParams(provider.assert(moderator, target));
    forged.set('openid.claimed_id', `https://steamcommunity.com/openid/id/${owner.steamId}`);
    forged.set('openid.identity', `https://steamcommunity.com/openid/id/${owner.steamId}`);
    const refused = await t.app.inject({
      method: 'GET',
      url: `${target.slice(TEST_PUBLIC_URL.length)}&${forged}`,
      headers: { cookie: `${cookie?.name}=${state}` },
    });
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toContain('/error?code=OPENID_NOT_CONFIRMED');
    expect(refused.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '').toBe('');
  });

  it('refuses requests it cannot answer safely with 400, never redirecting elsewhere', async () => {
    const cases: [string, URLSearchParams][] = [
      ['/openid/login', checkidSetup({ 'openid.return_to': 'javascript:alert(1)' })],
      ['/openid/login', checkidSetup({ 'openid.return_to': 'http://evil.test/callback' })],
      ['/openid/login', checkidSetup({ 'openid.realm': 'http://evil.test' })],
      ['/openid/login', checkidSetup({ 'openid.ns': 'http://openid.net/signon/1.1' })],
      ['/openid/login', checkidSetup({ 'openid.mode': 'associate' })],
      ['/openid/approve', checkidSetup({ account: 'root' })],
      ['/openid/approve', checkidSetup({ account: 'owner', 'openid.return_to': 'http://evil.test/x' })],
    ];
    for (const [path, form] of cases) {
      const answer = await post(path, form);
      expect(answer.status, `${path} ${form}`).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
    }
    const huge = await post('/openid/login', new URLSearchParams({ padding: 'x'.repeat(40_000) }));
    expect(huge.status).toBe(413);
  });
});
