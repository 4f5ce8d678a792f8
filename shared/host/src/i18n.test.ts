import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it } from 'vitest';
import {
  i18n,
  PAGE_CATALOGS_ELEMENT_ID,
  registerCatalogs,
  registerLocaleChunks,
  setLocale,
  useLocaleStore,
} from './i18n';

/** A catalog as the build gives it (shared/build compile-catalog.cjs): compiled messages. */
function compiled(messages: Record<string, string>) {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]));
}

const servers = '{count, plural, one {# server} other {# servers}}';
const serversDe = '{count, plural, one {# Server} other {# Server}}';
const players = '{count, plural, =0 {No players} one {One player} other {# players}}';
const playersDe = '{count, plural, =0 {Keine Spieler} one {Ein Spieler} other {# Spieler}}';

// Russian and Polish: one, few, many (and other, for fractions); their rules differ at 12-14 and 21.
const bans = '{count, plural, one {# ban} other {# bans}}';
const bansRu = '{count, plural, one {# бан} few {# бана} many {# банов} other {# бана}}';
const serversRu = '{count, plural, one {# сервер} few {# сервера} many {# серверов} other {# сервера}}';
const bansPl = '{count, plural, one {# ban} few {# bany} many {# banów} other {# bana}}';
const serversPl = '{count, plural, one {# serwer} few {# serwery} many {# serwerów} other {# serwera}}';
// Turkish: one and other, the noun unchanged after a number; Chinese: other only.
const bansTr = '{count, plural, one {# ban} other {# ban}}';
const bansZh = '{count, plural, other {# 个封禁}}';
const bansPt = '{count, plural, one {# banimento} other {# banimentos}}';

void registerCatalogs({
  en: compiled({
    'test.servers': servers,
    'test.players': players,
    'test.bans': bans,
    'test.onlyEnglish': 'Only in English',
  }),
  de: () => Promise.resolve({ default: compiled({ 'test.servers': serversDe, 'test.players': playersDe }) }),
  ru: () => Promise.resolve({ default: compiled({ 'test.servers': serversRu, 'test.bans': bansRu }) }),
  pl: () => Promise.resolve({ default: compiled({ 'test.servers': serversPl, 'test.bans': bansPl }) }),
  tr: () => Promise.resolve({ default: compiled({ 'test.bans': bansTr }) }),
  'zh-CN': () => Promise.resolve({ default: compiled({ 'test.bans': bansZh }) }),
  'pt-BR': () => Promise.resolve({ default: compiled({ 'test.bans': bansPt }) }),
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

describe('plural rules of the other locales', () => {
  const format = (id: string, counts: number[]) => counts.map((count) => i18n._(id, { count }));

  it('Russian: one (1, 21), few (2, 22), many (5, 11, 12), numbers grouped as in Russian', async () => {
    await setLocale('ru');
    expect(format('test.bans', [1, 2, 5, 21])).toEqual(['1 бан', '2 бана', '5 банов', '21 бан']);
    expect(format('test.servers', [1, 2, 5, 21])).toEqual(['1 сервер', '2 сервера', '5 серверов', '21 сервер']);
    expect(format('test.bans', [0, 11, 12, 22, 111])).toEqual([
      '0 банов',
      '11 банов',
      '12 банов',
      '22 бана',
      '111 банов',
    ]);
    // A thousands group is a (no-break) space in Russian.
    expect(i18n._('test.bans', { count: 1234 })).toBe('1\u00a0234 бана');
    expect(i18n._('test.bans', { count: 1000 })).toBe('1\u00a0000 банов');
    expect(i18n._('test.bans', { count: 1.5 })).toBe('1,5 бана');
  });

  it('Polish: one only for 1 itself; 21 is many, 22 few, 12 many', async () => {
    await setLocale('pl');
    expect(format('test.bans', [1, 2, 5, 21])).toEqual(['1 ban', '2 bany', '5 banów', '21 banów']);
    expect(format('test.servers', [1, 2, 5, 21])).toEqual(['1 serwer', '2 serwery', '5 serwerów', '21 serwerów']);
    expect(format('test.bans', [0, 12, 22, 24, 25])).toEqual(['0 banów', '12 banów', '22 bany', '24 bany', '25 banów']);
  });

  it('Turkish, Chinese and Brazilian Portuguese: their own categories', async () => {
    await setLocale('tr');
    expect(format('test.bans', [1, 2, 21])).toEqual(['1 ban', '2 ban', '21 ban']);
    await setLocale('zh-CN');
    expect(format('test.bans', [1, 2, 21])).toEqual(['1 个封禁', '2 个封禁', '21 个封禁']);
    await setLocale('pt-BR');
    // pt: 0 and 1 are "one" (CLDR), unlike English.
    expect(format('test.bans', [0, 1, 2])).toEqual(['0 banimento', '1 banimento', '2 banimentos']);
  });

  it('a locale without the message falls back to the English one, by its English rules', async () => {
    await setLocale('tr');
    expect(i18n._('test.servers', { count: 2 })).toBe('2 servers');
  });
});

describe('catalogs', () => {
  it('a key the active catalog misses shows in English, never as its id', async () => {
    await setLocale('de');
    expect(i18n._('test.onlyEnglish')).toBe('Only in English');
  });

  it("an owner's English never hides another owner's translation of its keys, whichever comes first", async () => {
    // The kit registers its English alone; the shell's locale chunk brings the kit's translations.
    const translator = registerCatalogs({
      en: compiled({ 'test.shared': 'Shared' }),
      es: () => Promise.resolve(compiled({ 'test.shared': 'Compartido' })),
    });
    await translator.ready();
    await setLocale('es');
    expect(i18n._('test.shared')).toBe('Compartido');
    // An owner of the key's English arriving late (a remote's copy of the kit, say).
    await registerCatalogs({ en: () => Promise.resolve(compiled({ 'test.shared': 'Shared' })) }).ready();
    expect(i18n._('test.shared')).toBe('Compartido');
    await setLocale('en');
    expect(i18n._('test.shared')).toBe('Shared');
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

  it("registerLocaleChunks: one loader asked for each wanted locale's file, or English bundled", async () => {
    const asked: string[] = [];
    const words: Record<string, string> = { en: 'Chunked', ru: 'По частям', tr: 'Parçalı' };
    const chunked = registerLocaleChunks((locale) => {
      asked.push(locale);
      return Promise.resolve({ default: compiled({ 'test.chunked': words[locale] ?? '' }) });
    });
    await setLocale('ru');
    expect(asked).toEqual([]);
    await chunked.ready();
    expect(asked).toEqual(['en', 'ru']);
    expect(i18n._('test.chunked')).toBe('По частям');
    const bundled = registerLocaleChunks(
      (locale) => {
        asked.push(`bundled ${locale}`);
        return Promise.resolve(compiled({ 'test.bundled': 'Paketli' }));
      },
      { en: compiled({ 'test.bundled': 'Bundled' }) },
    );
    await setLocale('en');
    await bundled.ready();
    expect(i18n._('test.bundled')).toBe('Bundled');
    await setLocale('tr');
    // English (every key's fallback) is asked for under each locale; the bundled English never is.
    expect(asked).toEqual(['en', 'ru', 'en', 'en', 'tr', 'bundled tr']);
    expect([i18n._('test.chunked'), i18n._('test.bundled')]).toEqual(['Parçalı', 'Paketli']);
    await setLocale('en');
  });
});

describe("the page's catalogs (a page the server sent in a locale)", () => {
  function writePage(content: string) {
    document.getElementById(PAGE_CATALOGS_ELEMENT_ID)?.remove();
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = PAGE_CATALOGS_ELEMENT_ID;
    element.textContent = content;
    document.head.append(element);
  }
  afterEach(() => {
    document.getElementById(PAGE_CATALOGS_ELEMENT_ID)?.remove();
  });

  /** An owner whose loaders record what they were asked for. */
  function owner(id: string, asked: string[], inline: string | undefined) {
    return registerCatalogs(
      {
        en: compiled({ [`test.${id}`]: 'Overview' }),
        de: () => {
          asked.push('de');
          return Promise.resolve(compiled({ [`test.${id}`]: 'Übersicht (chunk)' }));
        },
        ru: () => {
          asked.push('ru');
          return Promise.resolve(compiled({ [`test.${id}`]: 'Обзор (chunk)' }));
        },
      },
      inline === undefined ? {} : { inline },
    );
  }

  it("an inlinable owner takes the page's messages in the page's locale and fetches nothing", async () => {
    writePage(JSON.stringify({ locale: 'de', owners: { first: compiled({ 'test.first': 'Übersicht' }) } }));
    const asked: string[] = [];
    await owner('first', asked, 'first').ready();
    await setLocale('de');
    expect(i18n._('test.first')).toBe('Übersicht');
    expect(asked).toEqual([]);
    // Another locale is not in the page: its chunk is fetched.
    await setLocale('ru');
    expect(i18n._('test.first')).toBe('Обзор (chunk)');
    expect(asked).toEqual(['ru']);
  });

  it("an owner whose English is not bundled (a remote's) takes it from a page in English, and a page in another locale needs no English chunk", async () => {
    const asked: string[] = [];
    const remote = (id: string) =>
      registerCatalogs(
        {
          en: () => {
            asked.push('en');
            return Promise.resolve(compiled({ [`test.${id}`]: 'Join (chunk)' }));
          },
          de: () => {
            asked.push('de');
            return Promise.resolve(compiled({ [`test.${id}`]: 'Beitreten (chunk)' }));
          },
        },
        { inline: id },
      );
    writePage(JSON.stringify({ locale: 'en', owners: { remoteEn: compiled({ 'test.remoteEn': 'Join' }) } }));
    await remote('remoteEn').ready();
    expect(i18n._('test.remoteEn')).toBe('Join');
    expect(asked).toEqual([]);
    // Its German is not in this page: both chunks, English under German.
    await setLocale('de');
    expect(i18n._('test.remoteEn')).toBe('Beitreten (chunk)');
    expect(asked).toEqual(['en', 'de']);
    await setLocale('en');
    asked.length = 0;
    writePage(JSON.stringify({ locale: 'de', owners: { remoteDe: compiled({ 'test.remoteDe': 'Beitreten' }) } }));
    const german = remote('remoteDe');
    await setLocale('de');
    await german.ready();
    expect(i18n._('test.remoteDe')).toBe('Beitreten');
    expect(asked).toEqual([]);
  });

  it('keys the page lacks fall back to English, not to an id', async () => {
    writePage(JSON.stringify({ locale: 'de', owners: { partial: {} } }));
    const asked: string[] = [];
    await owner('partial', asked, 'partial').ready();
    await setLocale('de');
    expect(i18n._('test.partial')).toBe('Overview');
    expect(asked).toEqual([]);
  });

  it('an owner not in the page, one without an id, or a page element that does not parse: loaders as usual', async () => {
    writePage(JSON.stringify({ locale: 'de', owners: { someoneElse: compiled({ 'test.absent': 'Falsch' }) } }));
    const asked: string[] = [];
    await owner('absent', asked, 'absent').ready();
    await owner('anonymous', asked, undefined).ready();
    await setLocale('de');
    expect(i18n._('test.absent')).toBe('Übersicht (chunk)');
    expect(i18n._('test.anonymous')).toBe('Übersicht (chunk)');
    expect(asked).toEqual(['de', 'de']);
    const broken = ['{"locale": "de", "owners": ', 'null', '[]', '{"locale": 7, "owners": {}}', '"text"'];
    for (const [index, content] of broken.entries()) {
      await setLocale('en');
      writePage(content);
      const again: string[] = [];
      const id = `broken${index}`;
      await owner(id, again, id).ready();
      await setLocale('de');
      expect(i18n._(`test.${id}`)).toBe('Übersicht (chunk)');
      expect(again).toEqual(['de']);
    }
  });
});
