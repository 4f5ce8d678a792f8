import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, registerCatalogs, setLocale, useLocaleStore } from './i18n';

/** A catalog as the build gives it (shared/build compile-catalog.cjs): compiled messages. */
function compiled(messages: Record<string, string>) {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]));
}

const servers = '{count, plural, one {# server} other {# servers}}';
const serversDe = '{count, plural, one {# Server} other {# Server}}';
const players = '{count, plural, =0 {No players} one {One player} other {# players}}';
const playersDe = '{count, plural, =0 {Keine Spieler} one {Ein Spieler} other {# Spieler}}';

void registerCatalogs({
  en: compiled({ 'test.servers': servers, 'test.players': players, 'test.onlyEnglish': 'Only in English' }),
  de: () => Promise.resolve({ default: compiled({ 'test.servers': serversDe, 'test.players': playersDe }) }),
}).ready();

afterEach(async () => {
  await setLocale('en');
});

describe('plural formatting', () => {
  it('English: one and other, exact matches first, numbers in the locale', async () => {
    expect(i18n._('test.servers', { count: 1 })).toBe('1 server');
    expect(i18n._('test.servers', { count: 2 })).toBe('2 servers');
    expect(i18n._('test.servers', { count: 0 })).toBe('0 servers');
    expect(i18n._('test.servers', { count: 1234 })).toBe('1,234 servers');
    expect(i18n._('test.players', { count: 0 })).toBe('No players');
    expect(i18n._('test.players', { count: 1 })).toBe('One player');
    expect(i18n._('test.players', { count: 7 })).toBe('7 players');
  });

  it('German: its own plural rules and number grouping once the locale is active', async () => {
    await setLocale('de');
    expect(useLocaleStore.getState().locale).toBe('de');
    expect(i18n._('test.players', { count: 0 })).toBe('Keine Spieler');
    expect(i18n._('test.players', { count: 1 })).toBe('Ein Spieler');
    expect(i18n._('test.players', { count: 3 })).toBe('3 Spieler');
    expect(i18n._('test.servers', { count: 1234 })).toBe('1.234 Server');
  });
});

describe('catalogs', () => {
  it('a key the active catalog misses shows in English, never as its id', async () => {
    await setLocale('de');
    expect(i18n._('test.onlyEnglish')).toBe('Only in English');
  });

  it('an unknown locale falls back to English', async () => {
    expect(await setLocale('xx')).toBe('en');
    expect(i18n._('test.servers', { count: 2 })).toBe('2 servers');
  });

  it("a remote's catalogs load only once its page is wanted, and only the active locale's", async () => {
    const asked: string[] = [];
    const remote = registerCatalogs({
      en: () => {
        asked.push('en');
        return Promise.resolve(compiled({ 'test.late': 'Late' }));
      },
      de: () => {
        asked.push('de');
        return Promise.resolve(compiled({ 'test.late': 'Spät' }));
      },
    });
    await setLocale('de');
    expect(asked).toEqual([]);
    await remote.ready();
    expect(asked).toEqual(['en', 'de']);
    expect(i18n._('test.late')).toBe('Spät');
    // Wanted now: switching back loads its English (already fetched) and nothing else.
    await setLocale('en');
    expect(i18n._('test.late')).toBe('Late');
    expect(asked).toEqual(['en', 'de', 'en']);
  });
});
