import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { metaResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { readSetting, writeSetting } from './settings-repository';

describe.each(testDatabases())('GET /api/meta on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('answers the SPEC shape with no notice on a new database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/meta' });
    expect(response.statusCode).toBe(200);
    const body = metaResponseSchema.parse(response.json());
    expect(body.settings.notice).toEqual({ enabled: false, text: '', class: 'is-info' });
    expect(body.settings.domain).toBe('outpost.test');
    expect(body.steamAvailable).toBe(true);
    expect(body.loginProviders).toEqual({
      steam: {
        openidUrl: 'https://steamcommunity.com/openid/login',
        realm: 'http://outpost.test',
        callbackUrl: 'http://outpost.test/api/auth/steam/callback',
      },
      discord: { enabled: false },
    });
    expect(body.sentry).toBeNull();
  });

  it('serves the notice stored in the settings table', async () => {
    await writeSetting(t.database.db, 'notice', {
      enabled: true,
      text: 'Maintenance **tonight**',
      class: 'is-warning',
    });
    const body = (await t.app.inject({ method: 'GET', url: '/api/meta' })).json();
    expect(body.settings.notice).toEqual({ enabled: true, text: 'Maintenance **tonight**', class: 'is-warning' });
  });

  it('ignores a malformed stored notice instead of failing', async () => {
    await writeSetting(t.database.db, 'notice', { enabled: 'yes' });
    const response = await t.app.inject({ method: 'GET', url: '/api/meta' });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings.notice.enabled).toBe(false);
  });

  it('refuses a POST with a 4xx JSON error and changes nothing', async () => {
    await writeSetting(t.database.db, 'notice', { enabled: true, text: 'kept', class: 'is-info' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/meta',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '{',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    expect(await readSetting(t.database.db, 'notice', null)).toEqual({ enabled: true, text: 'kept', class: 'is-info' });
  });
});

describe.each(testDatabases())('GET /api/meta with sign-in and Sentry configured on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      STEAM_OPENID_URL: 'http://127.0.0.1:9/openid/login',
      STEAM_STATUS_URL: 'http://127.0.0.1:9/unreachable',
      DISCORD_CLIENT_ID: 'client',
      DISCORD_CLIENT_SECRET: 'secret',
      SENTRY_DSN: 'https://key@sentry.example.org/1',
      SENTRY_ENVIRONMENT: 'staging',
      SITE_NAME: 'Zombie Grounds',
    });
  });
  afterAll(async () => t?.close());

  it('names the configured providers, Sentry, and reports Steam unknown (not down) when its status cannot be reached', async () => {
    const body = metaResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/meta' })).json());
    expect(body.steamAvailable).toBe(true);
    expect(body.steamStatus).toBe('unknown');
    expect(body.siteName).toBe('Zombie Grounds');
    expect(body.loginProviders.steam.openidUrl).toBe('http://127.0.0.1:9/openid/login');
    expect(body.loginProviders.discord.enabled).toBe(true);
    expect(body.sentry).toEqual({ dsn: 'https://key@sentry.example.org/1', environment: 'staging' });
  });
});

describe.each(testDatabases())('GET /api/meta while Steam answers that it is down on $name', (kind) => {
  let t: TestApp;
  let steam: http.Server;
  beforeAll(async () => {
    // Steam's status endpoint answering 503, as during its weekly maintenance.
    steam = http.createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => steam.listen(0, '127.0.0.1', resolve));
    const port = (steam.address() as AddressInfo).port;
    t = await startTestApp(kind, { STEAM_STATUS_URL: `http://127.0.0.1:${port}/status` });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => steam.close(() => resolve()));
  });

  it('reports Steam offline, and steamAvailable false (SPEC 8 banner)', async () => {
    const body = metaResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/meta' })).json());
    expect(body.steamAvailable).toBe(false);
    expect(body.steamStatus).toBe('offline');
  });
});
