import { connectionsResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscordOAuth } from '../../../test-support/fakes/fake-discord-oauth';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

describe.each(testDatabases())('Discord sign-in and linking on $name', (kind) => {
  let t: TestApp;
  let discord: FakeDiscord;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    discord = await startFakeDiscordOAuth({ id: '80351110224678912', username: 'alice_d', avatar: 'a1b2c3' });
    t = await startTestApp(kind, discord.env);
    alice = await signInAs(t, { name: 'Alice' });
    bob = await signInAs(t, { name: 'Bob' });
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });

  /** Starts a flow on our API, lets the fake approve it, and delivers the callback. */
  const runFlow = async (path: string, headers: Record<string, string> = {}, tamper?: (cookie: string) => string) => {
    const started = await t.app.inject({ method: 'GET', url: path, headers });
    expect(started.statusCode).toBe(302);
    const flowCookie = String(started.headers['set-cookie']).split(';')[0] as string;
    const approved = await fetch(started.headers.location as string, { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location') as string);
    expect(`${callback.origin}${callback.pathname}`).toBe('http://outpost.test/api/auth/discord/callback');
    const cookie = [headers.cookie, tamper ? tamper(flowCookie) : flowCookie].filter(Boolean).join('; ');
    return t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { ...headers, cookie },
    });
  };
  const errorCode = (location: unknown) => new URL(String(location), 'http://x').searchParams.get('code');
  const sessionCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const connections = async (who: SignedIn) =>
    connectionsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/auth/connections', headers: who.headers })).json(),
    );

  it('refuses Discord sign-in for an account nobody linked', async () => {
    const before = await sessionCount();
    const response = await runFlow('/api/auth/discord/login?return_uri=%2Fevents');
    expect(errorCode(response.headers.location)).toBe('DISCORD_NOT_LINKED');
    expect(String(response.headers['set-cookie'])).not.toContain('outpost_session=');
    expect(await sessionCount()).toBe(before);
  });

  it('needs a signed-in session to link and to list connections', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/discord/link' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/connections' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/discord/revoke' })).statusCode).toBe(401);
    expect(await connections(alice)).toEqual([
      { id: 'discord', name: 'Discord', enabled: false, expired: false, data: null },
    ]);
  });

  it('links Discord to the signed-in user, then signs that user in with Discord', async () => {
    const linked = await runFlow('/api/auth/discord/link?return_uri=%2F', alice.headers);
    expect(linked.headers.location).toBe('/');
    expect(await connections(alice)).toEqual([
      {
        id: 'discord',
        name: 'Discord',
        enabled: true,
        expired: false,
        data: { username: 'alice_d', avatarUrl: 'https://cdn.discordapp.com/avatars/80351110224678912/a1b2c3.png' },
      },
    ]);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: alice.headers });
    expect(profile.json().providers.discord.enabled).toBe(true);
    expect(profile.body).not.toContain('access');

    const login = await runFlow('/api/auth/discord/login?return_uri=https%3A%2F%2Fevil.example%2F');
    expect(login.headers.location).toBe('/');
    // Issue 9 item 4: every hostile return shape lands on '/', through login and link alike.
    for (const hostile of [
      '//evil.example',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%09/evil.example',
      '/a/..//evil',
    ]) {
      const again = await runFlow(`/api/auth/discord/login?return_uri=${encodeURIComponent(hostile)}`);
      expect([hostile, again.headers.location]).toEqual([hostile, '/']);
    }
    const cookie = String(login.headers['set-cookie']).match(/outpost_session=[^;]+/)?.[0] as string;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { cookie } });
    expect(me.json().user.id).toBe(alice.userId);
  });

  it('refuses to link an account already linked to someone else', async () => {
    const response = await runFlow('/api/auth/discord/link', bob.headers);
    expect(errorCode(response.headers.location)).toBe('DISCORD_ALREADY_LINKED');
    expect((await connections(bob))[0]?.enabled).toBe(false);
  });

  it('refuses a callback whose state or PKCE verifier is not this browser’s', async () => {
    const before = await sessionCount();
    const badState = await runFlow('/api/auth/discord/login', {}, (c) =>
      c.replace(/state%22%3A%22[^%]+/, 'state%22%3A%22forged'),
    );
    expect(errorCode(badState.headers.location)).toBe('OAUTH_BAD_STATE');
    const noCookie = await runFlow('/api/auth/discord/login', {}, () => '');
    expect(errorCode(noCookie.headers.location)).toBe('OAUTH_BAD_STATE');
    const badVerifier = await runFlow('/api/auth/discord/login', {}, (c) =>
      c.replace(/verifier%22%3A%22[^%]+/, 'verifier%22%3A%22forged-verifier-forged-verifier-forged-verifier'),
    );
    expect(errorCode(badVerifier.headers.location)).toBe('OAUTH_EXCHANGE_FAILED');
    expect(await sessionCount()).toBe(before);
  });

  it('refreshes an expired token, and reports the link expired when the refresh is refused', async () => {
    const expire = () =>
      t.database.db.updateTable('provider_links').set({ expires_at: 1 }).where('user_id', '=', alice.userId).execute();
    await expire();
    expect((await connections(alice))[0]?.expired).toBe(false);
    const refreshed = await t.database.db
      .selectFrom('provider_links')
      .selectAll()
      .where('user_id', '=', alice.userId)
      .executeTakeFirstOrThrow();
    expect(Number(refreshed.expires_at)).toBeGreaterThan(1_000_000);

    discord.refuseRefresh = true;
    await expire();
    expect((await connections(alice))[0]).toMatchObject({ enabled: true, expired: true });
    expect((await connections(alice))[0]?.expired).toBe(true);
    discord.refuseRefresh = false;
  });

  it('unlinks with revoke (telling Discord), then 404 when nothing is linked', async () => {
    const revoked = discord.revoked.length;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/discord/revoke?return_uri=${encodeURIComponent('/%5C%5Cevil.example')}`,
      headers: alice.headers,
    });
    expect(response.headers.location).toBe('/');
    expect(response.statusCode).toBe(302);
    expect(discord.revoked.length).toBe(revoked + 1);
    expect((await connections(alice))[0]?.enabled).toBe(false);
    const again = await t.app.inject({ method: 'GET', url: '/api/auth/discord/revoke', headers: alice.headers });
    expect(again.statusCode).toBe(404);
  });
});

describe.each(testDatabases())('Discord not configured on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('offers no Discord provider and answers 404 to its sign-in', async () => {
    const me = await signInAs(t);
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/discord/login' });
    expect(login.statusCode).toBe(404);
    expect(login.json().error).toBe('PROVIDER_DISABLED');
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/connections', headers: me.headers });
    expect(list.json()).toEqual([]);
  });
});
