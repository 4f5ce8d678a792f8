import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { type FakeSteam, startFakeSteamOpenId } from '../../test-support/fakes/fake-steam-openid';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { steamStateCookie } from './steam-login-state';

const ALICE = '76561198000000001';
const BOB = '76561198000000002';
const CALLBACK = 'http://outpost.test/api/auth/steam/callback';
const STATE_COOKIE = 'outpost_steam_login';
/** A sign-in state as POST /api/auth/steam/start makes one (issued `ageSeconds` ago). */
const freshState = (ageSeconds = 0) =>
  `opst_${(Math.floor(Date.now() / 1000) - ageSeconds).toString(36)}.${randomBytes(32).toString('base64url')}`;
const returnTo = (returnUri = 'http://outpost.test/admin', state = freshState()) =>
  `${CALLBACK}?${new URLSearchParams({ return_uri: returnUri, state })}`;

describe.each(testDatabases())('Steam sign-in callback on $name', (kind) => {
  let t: TestApp;
  let steam: FakeSteam;
  let attacker: FakeSteam;
  beforeAll(async () => {
    steam = await startFakeSteamOpenId({
      players: { [ALICE]: { personaname: 'Alice', avatarhash: 'abc123' } },
    });
    attacker = await startFakeSteamOpenId();
    t = await startTestApp(kind, {
      STEAM_OPENID_URL: steam.openidUrl,
      STEAM_WEB_API_URL: steam.webApiUrl,
      STEAM_API_KEY: 'test-steam-key',
      TRUSTED_COUNTRY_HEADER: 'cf-ipcountry',
      // Many callbacks from one test client (the hostile return table); the limit has its own test.
      SIGNIN_RATE_LIMIT_PER_MINUTE: '1000',
    });
  });
  beforeEach(() => {
    steam.checkAnswer = 'signature';
  });
  afterAll(async () => {
    await t?.close();
    await steam?.close();
    await attacker?.close();
  });

  /**
   * The callback as the browser that started the sign-in sends it: with the state cookie
   * matching the query's `state` (issue 9 item 10), unless `stateCookie` says otherwise.
   */
  const callback = (
    query: string,
    headers: Record<string, string> = {},
    stateCookie: string | null = new URLSearchParams(query).get('state'),
  ) =>
    t.app.inject({
      method: 'GET',
      url: `/api/auth/steam/callback?${query}`,
      headers: stateCookie === null ? headers : { cookie: `${STATE_COOKIE}=${stateCookie}`, ...headers },
    });
  const valid = (steamId = ALICE, returnUri?: string) => {
    const target = returnTo(returnUri);
    return `${target.split('?')[1]}&${steam.assert(steamId, target)}`;
  };
  const counts = async () => ({
    sessions: Number(
      (
        await t.database.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    users: Number(
      (
        await t.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const expectRefused = async (query: string, code: string, stateCookie?: string | null) => {
    const before = await counts();
    const response = stateCookie === undefined ? await callback(query) : await callback(query, {}, stateCookie);
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string, 'http://outpost.test');
    expect(location.pathname).toBe('/error');
    expect(location.searchParams.get('code')).toBe(code);
    expect(location.searchParams.get('error')).toBeTruthy();
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await counts()).toEqual(before);
    return location;
  };

  it('signs a new player in as a plain member and redirects back', async () => {
    const response = await callback(valid(ALICE), { 'cf-ipcountry': 'de' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/admin');
    const cookie = String(
      ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('outpost_session=')),
    );
    expect(cookie).toMatch(/^outpost_session=opse_[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('steamid', '=', ALICE)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      name: 'Alice',
      avatar_hash: 'abc123',
      flags: '',
      immunity: 0,
      permission_codes: '[]',
    });
    const session = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ ip: '127.0.0.1', country_code: 'DE' });
    // Signing in makes the account a player too, linked to the user.
    const player = await t.database.db
      .selectFrom('players')
      .selectAll()
      .where('steamid', '=', ALICE)
      .executeTakeFirstOrThrow();
    expect(player).toMatchObject({ name: 'Alice', user_id: user.id });
    // The token is stored only as its hash.
    expect(session.token_hash).not.toBe(cookie.split(';')[0]?.split('=')[1]);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { cookie: cookie.split(';')[0] as string },
    });
    expect(profile.json().user).toMatchObject({ name: 'Alice', accountid: ALICE, avatarhash: 'abc123' });
    expect(profile.json().permissions).toMatchObject({ codes: [], flags: '', immunityLevel: 0 });
  });

  it('updates the name on the next sign-in and keeps one account per Steam id', async () => {
    steam.options.players[ALICE] = { personaname: 'Alice Renamed', avatarhash: 'def456' };
    expect((await callback(valid(ALICE))).statusCode).toBe(302);
    const users = await t.database.db.selectFrom('users').selectAll().where('steamid', '=', ALICE).execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ name: 'Alice Renamed', avatar_hash: 'def456' });
  });

  it('follows return_uri only on our own origin', async () => {
    // Issue 9 item 4: the shapes that once ended in Location: //host, and their relatives
    // (the full table is sameOriginPath's own test).
    for (const foreign of [
      'https://evil.example/steal',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/\t/evil.example',
      '/%09/evil.example',
      '/a/..//evil.example',
      'http://outpost.test@evil.example/',
      'http://outpost.test//evil.example',
    ]) {
      const response = await callback(valid(ALICE, foreign));
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
    }
    expect((await callback(valid(ALICE, '/discuss?page=2'))).headers.location).toBe('/discuss?page=2');
  });

  it('refuses an assertion from another endpoint, even one that vouches for itself', async () => {
    attacker.checkAnswer = 'true';
    const target = returnTo();
    const calls = steam.checkAuthenticationCalls;
    await expectRefused(`${target.split('?')[1]}&${attacker.assert(BOB, target)}`, 'OPENID_WRONG_ENDPOINT');
    expect(attacker.checkAuthenticationCalls).toBe(0);
    expect(steam.checkAuthenticationCalls).toBe(calls);
  });

  it('checks with the configured endpoint, so a foreign signature naming it is refused', async () => {
    const target = returnTo();
    const forged = attacker.assert(BOB, target, { opEndpoint: steam.openidUrl });
    await expectRefused(`${target.split('?')[1]}&${forged}`, 'OPENID_NOT_CONFIRMED');
  });

  it("refuses Alice's assertion rewritten to claim Bob", async () => {
    const bobId = encodeURIComponent(`https://steamcommunity.com/openid/id/${BOB}`);
    const swapped = valid(ALICE)
      .replace(/openid\.claimed_id=[^&]+/, `openid.claimed_id=${bobId}`)
      .replace(/openid\.identity=[^&]+/, `openid.identity=${bobId}`);
    await expectRefused(swapped, 'OPENID_NOT_CONFIRMED');
    const mismatched = valid(ALICE).replace(/openid\.identity=[^&]+/, `openid.identity=${bobId}`);
    await expectRefused(mismatched, 'OPENID_BAD_IDENTITY');
  });

  it('refuses an identity that is not a Steam id', async () => {
    const other = encodeURIComponent('https://evil.example/openid/id/76561198000000002');
    const query = valid(ALICE)
      .replace(/openid\.claimed_id=[^&]+/, `openid.claimed_id=${other}`)
      .replace(/openid\.identity=[^&]+/, `openid.identity=${other}`);
    await expectRefused(query, 'OPENID_BAD_IDENTITY');
  });

  it('refuses when the provider answers is_valid:false', async () => {
    steam.checkAnswer = 'false';
    await expectRefused(valid(ALICE), 'OPENID_NOT_CONFIRMED');
  });

  it('refuses a replayed assertion (the nonce is remembered in the database)', async () => {
    const query = valid(ALICE);
    expect((await callback(query)).headers.location).toBe('/admin');
    await expectRefused(query, 'OPENID_REPLAYED');
    const row = await t.database.db.selectFrom('openid_nonces').selectAll().executeTakeFirst();
    expect(row?.nonce_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a stale nonce', async () => {
    const target = returnTo();
    const old = steam.assert(ALICE, target, { nonceTime: new Date(Date.now() - 20 * 60_000) });
    await expectRefused(`${target.split('?')[1]}&${old}`, 'OPENID_STALE_NONCE');
  });

  it('refuses an assertion made for another return_to or another return_uri', async () => {
    const foreign = 'http://evil.example/api/auth/steam/callback?return_uri=%2F';
    await expectRefused(`return_uri=%2F&${steam.assert(ALICE, foreign)}`, 'OPENID_BAD_RETURN_TO');
    const made = steam.assert(ALICE, returnTo('http://outpost.test/a'));
    await expectRefused(`return_uri=${encodeURIComponent('http://outpost.test/b')}&${made}`, 'OPENID_BAD_RETURN_TO');
  });

  it('refuses a duplicated or unexpected parameter', async () => {
    const bobId = encodeURIComponent(`https://steamcommunity.com/openid/id/${BOB}`);
    await expectRefused(`${valid(ALICE)}&openid.claimed_id=${bobId}`, 'OPENID_DUPLICATE_PARAMETER');
    await expectRefused(`${valid(ALICE)}&return_uri=%2F`, 'OPENID_DUPLICATE_PARAMETER');
    await expectRefused(`${valid(ALICE)}&openid.ext1.value=x`, 'OPENID_UNEXPECTED_PARAMETER');
  });

  it('refuses an assertion whose signature leaves out a required field', async () => {
    const target = returnTo();
    for (const signed of ['op_endpoint,claimed_id,identity,response_nonce,assoc_handle', 'return_to,claimed_id']) {
      await expectRefused(
        `${target.split('?')[1]}&${steam.assert(ALICE, target, { signed })}`,
        'OPENID_UNSIGNED_FIELD',
      );
    }
  });

  it('refuses a cancelled sign-in and garbage without a 500', async () => {
    await expectRefused('openid.ns=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0&openid.mode=cancel', 'OPENID_CANCELLED');
    await expectRefused('', 'OPENID_BAD_NAMESPACE');
    await expectRefused(`return_uri=${'x'.repeat(5000)}`, 'OPENID_BAD_NAMESPACE');
  });
  // Issue 9 item 10: login CSRF. A sign-in is bound to the browser that started it.
  describe('binding a sign-in to the browser that started it', () => {
    const start = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/steam/start',
        headers: { origin: 'http://outpost.test' },
      });
      expect(response.statusCode).toBe(200);
      return { state: response.json().state as string, setCookie: String(response.headers['set-cookie']) };
    };
    const assertionFor = (state: string, steamId = ALICE) => {
      const target = returnTo('/admin', state);
      return `${target.split('?')[1]}&${steam.assert(steamId, target)}`;
    };

    it('start sets a short-lived HttpOnly, SameSite=Lax cookie holding the state it answers', async () => {
      const { state, setCookie } = await start();
      expect(state).toMatch(/^opst_[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
      expect(setCookie).toContain(`${STATE_COOKIE}=${state};`);
      expect(setCookie).toContain('Max-Age=600');
      expect(setCookie).toContain('Path=/api/auth/steam');
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).not.toContain('Secure');
      // Each start is a new state.
      expect((await start()).state).not.toBe(state);
    });

    it('on https the cookie is __Host- prefixed and Secure (no sibling subdomain can plant it)', () => {
      const cookie = steamStateCookie({ PUBLIC_URL: 'https://outpost.example' } as Config);
      expect(cookie).toEqual({
        name: '__Host-outpost_steam_login',
        options: { path: '/', httpOnly: true, sameSite: 'lax', secure: true },
      });
    });

    it('signs in with the started state and clears the cookie', async () => {
      const { state } = await start();
      const response = await callback(assertionFor(state), {}, state);
      expect(response.headers.location).toBe('/admin');
      const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
      expect(cookies.some((c) => c.startsWith('outpost_session='))).toBe(true);
      expect(cookies.find((c) => c.startsWith(`${STATE_COOKIE}=`))).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    });

    it('refuses a callback from a browser that never started a sign-in', async () => {
      const { state } = await start(); // the attacker's own state, in the attacker's browser
      await expectRefused(assertionFor(state), 'LOGIN_NOT_STARTED_HERE', null);
    });

    it('refuses an assertion without any state (the old form) even with a cookie', async () => {
      const target = `${CALLBACK}?${new URLSearchParams({ return_uri: '/admin' })}`;
      const query = `${target.split('?')[1]}&${steam.assert(ALICE, target)}`;
      await expectRefused(query, 'LOGIN_NOT_STARTED_HERE', (await start()).state);
      await expectRefused(query, 'LOGIN_NOT_STARTED_HERE', null);
    });

    it("refuses the attacker's assertion in the victim's browser, whatever the state looks like", async () => {
      const victim = (await start()).state;
      const attacker = (await start()).state;
      await expectRefused(assertionFor(attacker, BOB), 'LOGIN_STATE_MISMATCH', victim);
      for (const near of [
        victim.toUpperCase(),
        victim.slice(0, -1),
        `${victim}x`,
        ` ${victim}`,
        victim.replace(/^[0-9a-z]+/, '0'),
      ]) {
        await expectRefused(assertionFor(near, BOB), 'LOGIN_STATE_MISMATCH', victim);
      }
      // The victim's own cookie is intact: their real sign-in still works.
      expect((await callback(assertionFor(victim), {}, victim)).headers.location).toBe('/admin');
    });

    it('refuses a state past its lifetime, from the future, or not of our shape', async () => {
      for (const state of [
        freshState(601),
        freshState(3600),
        freshState(-3600),
        'x',
        `opst_zzzzzzzzzzzz.${'a'.repeat(43)}`,
        // Without its purpose (the shape before issue 31), or carrying another token's purpose.
        freshState().slice('opst_'.length),
        `opk_${freshState().slice('opst_'.length)}`,
        `opse_${freshState().slice('opst_'.length)}`,
      ]) {
        await expectRefused(assertionFor(state), 'LOGIN_STATE_EXPIRED', state);
      }
    });

    it('refuses a state used once already, with a new assertion too', async () => {
      const { state } = await start();
      expect((await callback(assertionFor(state), {}, state)).headers.location).toBe('/admin');
      // A fresh, valid assertion (new nonce) carrying the used state, the cookie kept.
      await expectRefused(assertionFor(state), 'LOGIN_STATE_REUSED', state);
    });

    it('of two callbacks racing with one state, exactly one signs in', async () => {
      const { state } = await start();
      const results = await Promise.all([
        callback(assertionFor(state), {}, state),
        callback(assertionFor(state), {}, state),
      ]);
      const locations = results.map((r) => new URL(r.headers.location as string, 'http://outpost.test'));
      expect(locations.filter((l) => l.pathname === '/admin')).toHaveLength(1);
      expect(locations.filter((l) => l.searchParams.get('code') === 'LOGIN_STATE_REUSED')).toHaveLength(1);
    });
  });
});
