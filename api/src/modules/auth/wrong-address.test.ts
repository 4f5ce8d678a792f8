import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscordOAuth } from '../../test-support/fakes/fake-discord-oauth';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

// Issue 24: a sign-in started at another address than PUBLIC_URL sets its cookie where the
// callback never sees it. It is refused at the start, saying which address to use.
describe.each(testDatabases())('sign-in started at another address than PUBLIC_URL on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscord;
  beforeAll(async () => {
    discord = await startFakeDiscordOAuth({ id: '80351110224678912', username: 'alice_d', avatar: 'a1b2c3' });
    t = await startTestApp(kind, discord.env);
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });

  const steamStart = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/steam/start', headers });

  it('refuses a Steam sign-in from another origin with a message naming both addresses, and sets no cookie', async () => {
    const cases: Array<{ origin?: string; referer?: string }> = [
      { origin: 'http://127.0.0.1:8080' },
      { origin: 'http://www.outpost.test' },
      { origin: 'https://outpost.test' },
      { referer: 'http://127.0.0.1:8080/bans' },
      { origin: 'null', referer: 'http://10.0.0.2/' },
    ];
    for (const headers of cases) {
      const response = await steamStart(headers as Record<string, string>);
      expect([headers, response.statusCode]).toEqual([headers, 409]);
      const body = response.json();
      expect(body.error).toBe('WRONG_ADDRESS');
      expect(body.message).toContain(`open ${TEST_PUBLIC_URL} and sign in there`);
      expect(body.message).toContain(
        `opened at ${headers.origin === 'null' ? 'http://10.0.0.2' : new URL(headers.origin ?? headers.referer ?? '').origin}`,
      );
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('starts a Steam sign-in from PUBLIC_URL, or when the browser names no origin', async () => {
    const cases: Array<Record<string, string>> = [
      { origin: TEST_PUBLIC_URL },
      { referer: `${TEST_PUBLIC_URL}/bans?x=1` },
      {},
      { referer: 'not a url' },
    ];
    for (const headers of cases) {
      const response = await steamStart(headers);
      expect([headers, response.statusCode]).toEqual([headers, 200]);
      expect(String(response.headers['set-cookie'])).toContain('outpost_steam_login=');
    }
  });

  it('sends a Discord sign-in from another address to the error page with the explanation', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/discord/login?return_uri=%2Fevents',
      headers: { referer: 'http://127.0.0.1:8080/events' },
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), TEST_PUBLIC_URL);
    expect(location.pathname).toBe('/error');
    expect(location.searchParams.get('code')).toBe('WRONG_ADDRESS');
    expect(location.searchParams.get('error')).toContain(`open ${TEST_PUBLIC_URL}`);
    expect(location.searchParams.get('return')).toBe('/events');
    expect(response.headers['set-cookie']).toBeUndefined();
    const fromHome = await t.app.inject({
      method: 'GET',
      url: '/api/auth/discord/login',
      headers: { referer: `${TEST_PUBLIC_URL}/events` },
    });
    expect(String(fromHome.headers.location)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });
});
