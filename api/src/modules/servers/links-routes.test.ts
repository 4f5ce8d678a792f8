import { LINK_SETTING_KEYS } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { metaService } from '../meta';

describe.each(testDatabases())('/links redirects on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  const setLinks = async () => (await get('/api/meta')).json().links;

  it('answers 404 JSON while a link is unset, and /api/meta lists no link', async () => {
    expect(await setLinks()).toEqual([]);
    for (const url of [
      '/api/links/stats',
      '/api/links/extended-stats',
      '/api/links/steam-group',
      '/api/admins/discord',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ error: 'LINK_NOT_SET' });
    }
  });

  it('redirects with 302 to the URLs in site settings', async () => {
    await metaService.writeSetting(t.database.db, LINK_SETTING_KEYS.stats, 'https://stats.example.org/');
    await metaService.writeSetting(
      t.database.db,
      LINK_SETTING_KEYS['extended-stats'],
      'https://stats.example.org/extended',
    );
    await metaService.writeSetting(
      t.database.db,
      LINK_SETTING_KEYS['steam-group'],
      'https://steamcommunity.com/groups/outpost',
    );
    await metaService.writeSetting(t.database.db, LINK_SETTING_KEYS.discord, 'https://discord.gg/outpost');
    const expected: Record<string, string> = {
      '/api/links/stats': 'https://stats.example.org/',
      '/api/links/extended-stats': 'https://stats.example.org/extended',
      '/api/links/steam-group': 'https://steamcommunity.com/groups/outpost',
      '/api/admins/discord': 'https://discord.gg/outpost',
    };
    for (const [url, location] of Object.entries(expected)) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe(location);
    }
    expect(await setLinks()).toEqual(['stats', 'extended-stats', 'steam-group', 'discord']);
  });

  it('never follows a stored javascript: link and refuses unknown names', async () => {
    await metaService.writeSetting(t.database.db, LINK_SETTING_KEYS.stats, 'javascript:alert(1)');
    await metaService.writeSetting(t.database.db, LINK_SETTING_KEYS.discord, 'not a url');
    expect((await get('/api/links/stats')).statusCode).toBe(404);
    expect((await get('/api/links/evil')).statusCode).toBe(400);
    // /api/meta offers only the links that lead somewhere.
    expect(await setLinks()).toEqual(['extended-stats', 'steam-group']);
  });
});
