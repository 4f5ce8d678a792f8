import { CONTRACT_VERSION } from '@outpost/contracts';
import { setLocale, useLocaleStore } from '@outpost/host';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The shell's own catalogs, as the app registers them: the switch waits for them.
import '../i18n/catalogs';
import { chooseLocale } from '../i18n/locale';
import { installFakeApi } from '../test-support/fake-api';
import { useRemotesStore } from './remotes-store';

const bans = (title: string, navLabel: string, back: string) => ({
  id: 'players-bans-notes',
  contractVersion: CONTRACT_VERSION,
  routes: [
    { name: 'admin-bans', path: '/admin/bans', title, navLabel, nav: true },
    { name: 'appeal', path: '/appeals/:id', title: 'Appeal', prevRoute: { to: '/appeals', label: back } },
  ],
});
const english = bans('Bans', 'Bans', 'All appeals');
const german = bans('Banliste', 'Banliste', 'Alle Einsprüche');
const entry = (routeTable: unknown) => ({
  name: 'players_bans_notes',
  entry: '/remotes/pbn/mf-manifest.json',
  routeTable,
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLocale('en');
  useRemotesStore.setState({ registry: 'loading', registryError: null, order: [], remotes: {} });
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar, as the shell writes it
  document.cookie = 'outpost_locale=; path=/; max-age=0';
});

describe("the language menu brings the routes' words in the new language", () => {
  it('asks the server for the route tables in the chosen language and switches them with the panel', async () => {
    const api = installFakeApi({
      'GET /remotes.json?locale=de': { body: [entry(german)] },
      'GET /remotes.json': { body: [entry(english)] },
    });
    await useRemotesStore.getState().start();
    const seen: string[] = [];
    // The navbar never shows German words under an English panel, or the other way round.
    const stop = useRemotesStore.subscribe((state) => {
      seen.push(`${useLocaleStore.getState().locale}:${state.remotes.players_bans_notes?.table?.routes[0]?.title}`);
    });
    await chooseLocale('de');
    stop();
    expect(seen).toEqual(['de:Banliste']);
    expect(useRemotesStore.getState().remotes.players_bans_notes?.table).toEqual(german);
    expect(api.paths()).toEqual(['GET /remotes.json', 'GET /remotes.json?locale=de']);
  });

  it('keeps the routes as they are when the words cannot be had, and switches all the same', async () => {
    installFakeApi({
      'GET /remotes.json?locale=de': { status: 503, body: { error: 'UNAVAILABLE' } },
      'GET /remotes.json': { body: [entry(english)] },
    });
    await useRemotesStore.getState().start();
    await chooseLocale('de');
    expect(useLocaleStore.getState().locale).toBe('de');
    expect(useRemotesStore.getState().remotes.players_bans_notes?.table).toEqual(english);
  });

  it("takes only words from the new tables: another release's routes and targets stay as they are", async () => {
    const moved = {
      ...german,
      routes: [
        { name: 'admin-bans', path: '/admin/bans', title: 'Banliste', navLabel: 'Banliste', nav: false },
        { name: 'appeal', path: '/appeals/:id', title: 'Appeal', prevRoute: { to: '/elsewhere', label: 'Zurück' } },
      ],
    };
    installFakeApi({
      'GET /remotes.json?locale=de': { body: [entry(moved)] },
      'GET /remotes.json': { body: [entry(english)] },
    });
    await useRemotesStore.getState().start();
    await chooseLocale('de');
    const table = useRemotesStore.getState().remotes.players_bans_notes?.table;
    expect(table?.routes[0]).toEqual({ ...english.routes[0], title: 'Banliste', navLabel: 'Banliste' });
    expect(table?.routes[1]?.prevRoute).toEqual({ to: '/appeals', label: 'Zurück' });
  });
});
