import { i18n, setLocale } from '@outpost/host';
import { afterAll, describe, expect, it } from 'vitest';
import { actorText } from './common/actor-text';
import manifest from './manifest';

// Issue 27: the remote's words come from its own catalogs (locales/<locale>.json), fetched with
// its code and only for the active locale. Here through the manifest's page loaders, as the
// shell loads a page.

async function loadPage(path: string) {
  const load = manifest.routes.find((route) => route.path === path)?.load;
  if (!load) throw new Error(`no page loader for ${path}`);
  return load();
}

afterAll(async () => {
  await setLocale('en');
});

describe('players-bans-notes in German and Russian', () => {
  it('fetches nothing of its catalogs until one of its pages is asked for', async () => {
    await setLocale('de');
    expect(i18n.messages['players-bans-notes.common.steamId.invalid']).toBeUndefined();
  });

  it('every page loader brings the catalog of the active locale with the page', async () => {
    for (const route of manifest.routes) {
      await setLocale('de');
      await loadPage(route.path);
      expect(i18n._('players-bans-notes.common.steamId.invalid'), route.path).toBe('Keine gültige Steam-ID');
    }
    await setLocale('ru');
    await loadPage('/bans');
    expect(i18n._('players-bans-notes.common.steamId.invalid')).toBe('Это не Steam ID');
    expect(actorText('Member', 'Real Admin', 'Console')).toBe('Real Admin (от имени Member)');
  });

  it('speaks English again when switched back', async () => {
    await setLocale('en');
    await loadPage('/bans');
    expect(actorText('Member', 'Real Admin', 'Console')).toBe('Real Admin (as Member)');
  });
});
