import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { credentialCheckSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../../test-support/app-queries';
import { type FakeDiscord, startFakeDiscordOAuth } from '../../../test-support/fakes/fake-discord-oauth';
import { type FakeSteam, startFakeSteamOpenId } from '../../../test-support/fakes/fake-steam-openid';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

// Issue 24 item 2: the guided setup's "Test" buttons for the Steam Web API key and the Discord
// application, against fake Steam and Discord on loopback. Only ok / invalid / unreachable
// and a fixed message come back: never the secret, nor an address.

const GOOD_KEY = 'A1B2C3D4E5F60718293A4B5C6D7E8F90';

/** A loopback port nothing listens on (a provider that cannot be reached). */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe.each(testDatabases())('setup checks of the Steam key and the Discord application on $name', (kind) => {
  let steam: FakeSteam;
  let discord: FakeDiscord;
  let t: TestApp;
  let down: TestApp;
  let owner: SignedIn;
  let ownerDown: SignedIn;
  beforeAll(async () => {
    steam = await startFakeSteamOpenId({ apiKey: GOOD_KEY });
    discord = await startFakeDiscordOAuth({ id: '80351110224678912', username: 'owner' });
    t = await startTestApp(kind, { STEAM_WEB_API_URL: steam.webApiUrl, STEAM_API_KEY: GOOD_KEY, ...discord.env });
    owner = await signInAs(t, { codes: ['panel.settings'] });
    // A site whose providers cannot be reached (and with nothing configured).
    const nowhere = await closedPortUrl();
    down = await startTestApp(kind, { STEAM_WEB_API_URL: nowhere, DISCORD_TOKEN_URL: `${nowhere}/api/oauth2/token` });
    ownerDown = await signInAs(down, { codes: ['panel.settings'] });
  });
  afterAll(async () => {
    await t?.close();
    await down?.close();
    await steam?.close();
    await discord?.close();
  });

  const check = async (app: TestApp, who: SignedIn | null, what: 'steam-key' | 'discord', body: object) =>
    callAs(app, who, { method: 'POST', url: `/api/panel/settings/check-${what}`, payload: body });

  it('refuses anonymous callers and staff without panel.settings, and asks Steam nothing for them', async () => {
    for (const what of ['steam-key', 'discord'] as const) {
      expect((await check(t, null, what, {})).statusCode).toBe(401);
      const viewer = await signInAs(t, { codes: ['panel.view', 'servers.manage'] });
      const refused = await check(t, viewer, what, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it('answers ok for the key in use and for a good typed key, invalid for a wrong one, never echoing it', async () => {
    const inUse = await check(t, owner, 'steam-key', {});
    expect(inUse.statusCode).toBe(200);
    expect(credentialCheckSchema.parse(inUse.json()).result).toBe('ok');
    expect(credentialCheckSchema.parse((await check(t, owner, 'steam-key', { key: GOOD_KEY })).json()).result).toBe(
      'ok',
    );
    const wrong = await check(t, owner, 'steam-key', { key: 'WRONGKEY0000' });
    expect(credentialCheckSchema.parse(wrong.json())).toMatchObject({ result: 'invalid' });
    expect(wrong.body).not.toContain('WRONGKEY0000');
    expect(inUse.body).not.toContain(GOOD_KEY);
  });

  it('answers unreachable without naming the address, and 400 when there is no key to test', async () => {
    const unreachable = await check(down, ownerDown, 'steam-key', { key: GOOD_KEY });
    expect(credentialCheckSchema.parse(unreachable.json()).result).toBe('unreachable');
    expect(unreachable.body).not.toMatch(/127\.0\.0\.1|localhost|ECONNREFUSED/);
    const none = await check(down, ownerDown, 'steam-key', {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: 'NO_STEAM_KEY' });
    expect((await check(t, owner, 'steam-key', { key: '' })).statusCode).toBe(400);
  });

  it('checks the configured Discord application, a typed one, a wrong secret, and an unreachable Discord', async () => {
    const configured = await check(t, owner, 'discord', {});
    expect(credentialCheckSchema.parse(configured.json()).result).toBe('ok');
    const id = discord.env.DISCORD_CLIENT_ID;
    const typed = await check(t, owner, 'discord', { clientId: id, clientSecret: discord.env.DISCORD_CLIENT_SECRET });
    expect(credentialCheckSchema.parse(typed.json()).result).toBe('ok');
    const wrong = await check(t, owner, 'discord', { clientId: id, clientSecret: 'not-the-secret' });
    expect(credentialCheckSchema.parse(wrong.json()).result).toBe('invalid');
    expect(wrong.body).not.toContain('not-the-secret');
    expect(configured.body).not.toContain(discord.env.DISCORD_CLIENT_SECRET);
    // Only one of the two: refused before anything is sent.
    expect((await check(t, owner, 'discord', { clientId: id })).statusCode).toBe(400);
    expect((await check(t, owner, 'discord', { clientId: 'a b/c', clientSecret: 'x' })).statusCode).toBe(400);
    // Nothing configured on that site: say so; typed values against a Discord that cannot be reached.
    expect((await check(down, ownerDown, 'discord', {})).json()).toMatchObject({ error: 'DISCORD_NOT_CONFIGURED' });
    const unreachable = await check(down, ownerDown, 'discord', { clientId: id, clientSecret: 'secret' });
    expect(credentialCheckSchema.parse(unreachable.json()).result).toBe('unreachable');
    expect(unreachable.body).not.toMatch(/127\.0\.0\.1|localhost/);
  });
});
