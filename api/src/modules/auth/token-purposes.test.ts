import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../lib/clock';
import { hashToken, issueToken, purposeOf, type TokenPurpose } from '../../lib/tokens';
import { seedServer } from '../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { SESSION_COOKIE } from '.';

// Issue 31 item 11: every token Outpost issues carries its purpose and is refused for any other.
// Each token is tried in each other place — and to prove it is the purpose that refuses it, not
// merely a different table, its hash is first planted in that place's own store.

type Place = Exclude<TokenPurpose, 'steamSignIn'>;

describe.each(testDatabases())('token purposes on $name', (kind) => {
  let t: TestApp;
  let user: SignedIn;
  // Whose rows the planted tokens are (one API key and one feed per user: not the staff member's own).
  let planted: SignedIn;
  const tokens = {} as Record<TokenPurpose, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedServer(t, 's1');
    await seedServer(t, 'planted');
    const staff = await signInAs(t, { name: 'Staff', flags: 'z', immunity: 100, codes: ['servers.tokens'] });
    user = staff;
    planted = await signInAs(t, { name: 'Planted', flags: 'z', immunity: 100 });
    const inject = (method: 'POST', url: string) => t.app.inject({ method, url, headers: staff.headers });
    tokens.session = decodeURIComponent(new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(staff.headers.cookie)?.[1] ?? '');
    tokens.apiKey = (await inject('POST', '/api/auth/developer/apikey')).json().apikey.key;
    tokens.gameServer = (await inject('POST', '/api/game-tokens/s1')).json().token;
    const feed = (await inject('POST', '/api/events/feed')).json();
    tokens.calendarFeed = /feed\/([^/]+)\.ics/.exec(JSON.stringify(feed))?.[1] ?? '';
    tokens.setup = issueToken('setup');
    tokens.steamSignIn = (await t.app.inject({ method: 'POST', url: '/api/auth/steam/start' })).json().state;
  });
  afterAll(async () => t?.close());

  it('issues every token with its own purpose', () => {
    for (const [purpose, token] of Object.entries(tokens)) expect(purposeOf(token), purpose).toBe(purpose);
  });

  const db = () => t.database.db;

  /** Puts the token's hash where the place keeps its valid tokens; answers how to take it out again. */
  async function plant(place: Place, token: string): Promise<() => Promise<unknown>> {
    const hash = hashToken(token);
    const now = nowSeconds();
    switch (place) {
      case 'session':
        await db()
          .insertInto('sessions')
          .values({
            id: `planted-${now}-${Math.random()}`.slice(0, 40),
            token_hash: hash,
            user_id: user.userId,
            ip: '127.0.0.1',
            country_code: '',
            login_time: now,
            last_active: now,
            impersonating_user_id: null,
            sign_in_method: 'steam',
            second_factor_method: null,
            second_factor_at: null,
          })
          .execute();
        return () => db().deleteFrom('sessions').where('token_hash', '=', hash).execute();
      case 'apiKey':
        await db()
          .insertInto('api_keys')
          .values({
            id: `planted${Math.random()}`.slice(0, 20),
            user_id: planted.userId,
            key_hash: hash,
            created_at: now,
            last_used: null,
          })
          .execute();
        return () => db().deleteFrom('api_keys').where('key_hash', '=', hash).execute();
      case 'gameServer':
        await db()
          .insertInto('game_tokens')
          .values({ server_id: 'planted', token_hash: hash, created_at: now, last_used: null })
          .onConflict((oc) => oc.column('server_id').doUpdateSet({ token_hash: hash }))
          .execute();
        return () => db().deleteFrom('game_tokens').where('token_hash', '=', hash).execute();
      case 'calendarFeed':
        await db()
          .insertInto('event_feed_tokens')
          .values({ user_id: planted.userId, token_hash: hash, created_at: now })
          .execute();
        return () => db().deleteFrom('event_feed_tokens').where('token_hash', '=', hash).execute();
      case 'setup':
        await db().insertInto('setup_tokens').values({ token_hash: hash, created_at: now }).execute();
        return () => db().deleteFrom('setup_tokens').where('token_hash', '=', hash).execute();
    }
  }

  /** True when the place accepted the token as its own. */
  async function accepted(place: Place, token: string): Promise<boolean> {
    switch (place) {
      case 'session': {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/auth/profile',
          headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` },
        });
        return response.statusCode === 200;
      }
      case 'apiKey':
        return (
          (
            await t.app.inject({
              method: 'GET',
              url: '/api/auth/profile',
              headers: { authorization: `Bearer ${token}` },
            })
          ).statusCode === 200
        );
      case 'gameServer':
        return (
          (
            await t.app.inject({
              method: 'GET',
              url: '/api/game/admins',
              headers: { authorization: `Bearer ${token}` },
            })
          ).statusCode === 200
        );
      case 'calendarFeed':
        return (
          (await t.app.inject({ method: 'GET', url: `/api/events/feed/${encodeURIComponent(token)}.ics` }))
            .statusCode === 200
        );
      case 'setup': {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/panel/setup',
          headers: user.headers,
          payload: { token },
        });
        // A claim that succeeds makes the user the owner: undone, so the next claim is a fresh one.
        if (response.statusCode === 200) await db().deleteFrom('settings').where('key', '=', 'owner').execute();
        return response.statusCode === 200;
      }
    }
  }

  const PLACES: Place[] = ['session', 'apiKey', 'gameServer', 'calendarFeed', 'setup'];

  it('accepts each token in its own place (the control)', async () => {
    for (const place of PLACES) {
      const own = place === 'setup' ? tokens.setup : tokens[place];
      const remove = place === 'setup' ? await plant('setup', own) : async () => undefined;
      expect(await accepted(place, own), place).toBe(true);
      await remove();
    }
  });

  it('refuses each token in every other place, even with its hash planted in that place’s store', async () => {
    const wrongly: string[] = [];
    for (const [purpose, token] of Object.entries(tokens) as [TokenPurpose, string][]) {
      for (const place of PLACES.filter((place) => place !== purpose)) {
        const remove = await plant(place, token);
        if (await accepted(place, token)) wrongly.push(`${purpose} token accepted as ${place}`);
        await remove();
      }
    }
    expect(wrongly).toEqual([]);
  });
});
