// Every catalog in the repository against its owner's English one (issue 27: "a test fails
// when a catalog misses a key the English one has"), and the build's compiler of catalogs.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../contracts/src/locale.ts';

const { CATALOG_PATTERN, compileCatalog } = createRequire(import.meta.url)('./compile-catalog.cjs');
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every owner of catalogs: the shell, each shared package and each remote with a locales/ folder. */
function owners() {
  const dirs = [
    'shell',
    ...['shared', 'remotes'].flatMap((parent) => readdirSync(join(root, parent)).map((name) => `${parent}/${name}`)),
    // The shell's lazy owners: code fetched after the first load brings its own words (shell/src/account).
    ...readdirSync(join(root, 'shell/src')).map((name) => `shell/src/${name}`),
    // The API's notifications, drawn in each reader's language (api/src/modules/notifications/notification-words.ts).
    'api/src/modules/notifications',
    // A remote's owners apart from its own catalogs: its public overview's (remotes/servers/src/features/overview).
    ...readdirSync(join(root, 'remotes')).flatMap((id) => {
      try {
        return readdirSync(join(root, 'remotes', id, 'src/features')).map(
          (name) => `remotes/${id}/src/features/${name}`,
        );
      } catch {
        return [];
      }
    }),
  ];
  return dirs.flatMap((dir) => {
    try {
      const files = readdirSync(join(root, dir, 'locales')).filter((file) => file.endsWith('.json'));
      return [{ dir, files }];
    } catch {
      return [];
    }
  });
}

const read = (dir, file) => JSON.parse(readFileSync(join(root, dir, 'locales', file), 'utf8'));
const { compileMessage } = createRequire(import.meta.url)('@lingui/message-utils/compileMessage');

/**
 * What is wrong with the plurals of a message in `locale` (empty when nothing): every `plural`
 * and `selectordinal` must use only the categories the locale's rules have (CLDR, through
 * Intl.PluralRules: ru and pl one/few/many/other, tr one/other, zh other alone) and give each
 * one a count below 1000 falls into, exact matches (`=0`) aside. (es and pt have a "many" for
 * whole millions, "1 milhão de bans": optional, a count in digits reads well as "other".)
 */
export function pluralProblems(message, locale) {
  const problems = [];
  const walk = (node) => {
    if (!Array.isArray(node)) return;
    const [name, type, cases] = node;
    if (
      typeof name === 'string' &&
      (type === 'plural' || type === 'selectordinal') &&
      cases &&
      typeof cases === 'object'
    ) {
      const rules = new Intl.PluralRules(locale, { type: type === 'plural' ? 'cardinal' : 'ordinal' });
      const categories = rules.resolvedOptions().pluralCategories;
      const given = Object.keys(cases).filter((key) => key !== 'offset' && !/^\d+(\.\d+)?$/.test(key));
      for (const key of given.filter((key) => !categories.includes(key))) {
        problems.push(`{${name}}: ${locale} has no "${key}" (${categories.join('/')})`);
      }
      const needed = new Set(Array.from({ length: 1000 }, (_, count) => rules.select(count)));
      for (const category of categories.filter((category) => needed.has(category) && !given.includes(category))) {
        problems.push(`{${name}}: ${locale} needs "${category}" (${categories.join('/')})`);
      }
      for (const value of Object.values(cases)) walk(value);
      return;
    }
    if (typeof name === 'string' && type === 'select' && cases && typeof cases === 'object') {
      for (const value of Object.values(cases)) walk(value);
      return;
    }
    for (const child of node) walk(child);
  };
  walk(compileMessage(message));
  return problems;
}

/** The ICU arguments a message uses ({name}, {count, plural, ...}), sorted. */
function argumentsOf(message) {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((match) => match[1]))].sort();
}

describe('catalogs', () => {
  const found = owners();

  it('are found: the shell, the kit and a remote own some', () => {
    expect(found.map((owner) => owner.dir)).toEqual(expect.arrayContaining(['shell', 'shared/ui', 'remotes/docs']));
  });

  it("the shell (and its account modals'), the kit and the docs have a catalog for every locale of the panel", () => {
    for (const dir of [
      'shell',
      'shell/src/account',
      'shell/src/search',
      'shell/src/later',
      'shared/ui',
      'remotes/docs',
      'remotes/servers/src/features/overview',
    ]) {
      const files = found.find((owner) => owner.dir === dir)?.files ?? [];
      expect(files.map((file) => file.replace(/\.json$/, '')).sort(), dir).toEqual([...LOCALES].sort());
    }
  });

  it("the shell's and the kit's catalogs of a locale are one named chunk, locale-<locale>", () => {
    const registry = readFileSync(join(root, 'shell/src/i18n/catalogs.ts'), 'utf8');
    for (const locale of LOCALES.filter((locale) => locale !== 'en')) {
      const lazy = `import(/* webpackChunkName: "locale-${locale}" */ './locale-chunks/${locale}')`;
      expect(registry, locale).toContain(lazy);
      const chunk = readFileSync(join(root, `shell/src/i18n/locale-chunks/${locale}.ts`), 'utf8');
      expect(chunk, locale).toContain(`from '@outpost/ui/locales/${locale}.json'`);
      expect(chunk, locale).toContain(`from '../../../locales/${locale}.json'`);
    }
    // The kit fetches none itself: a remote's copy of it would carry every locale's chunk.
    expect(readFileSync(join(root, 'shared/ui/src/i18n.ts'), 'utf8')).not.toMatch(/import\(/);
  });

  for (const { dir, files } of found) {
    describe(dir, () => {
      it('has an English catalog whose keys are its own (prefixed by the owner)', () => {
        expect(files).toContain('en.json');
        const prefix =
          dir === 'shell'
            ? 'shell.'
            : dir === 'api/src/modules/notifications'
              ? 'notifications.'
              : dir === 'shared/ui'
                ? 'ui.'
                : dir.startsWith('shell/src/')
                  ? `shell.${dir.split('/')[2]}.`
                  : dir.includes('/src/features/')
                    ? `${dir.split('/')[1]}-${dir.split('/')[4]}.`
                    : `${dir.split('/')[1]}.`;
        for (const key of Object.keys(read(dir, 'en.json'))) expect(key.startsWith(prefix), key).toBe(true);
      });

      for (const file of files.filter((name) => name !== 'en.json')) {
        it(`${file} has every key of en.json, no other, with the same arguments`, () => {
          const english = read(dir, 'en.json');
          const translated = read(dir, file);
          expect(Object.keys(english).filter((key) => !(key in translated))).toEqual([]);
          expect(Object.keys(translated).filter((key) => !(key in english))).toEqual([]);
          for (const [key, message] of Object.entries(translated)) {
            expect(argumentsOf(message), `${dir}/locales/${file}: ${key}`).toEqual(argumentsOf(english[key]));
          }
        });
      }

      for (const file of files) {
        it(`${file}: every plural uses the categories of its locale`, () => {
          const locale = file.replace(/\.json$/, '');
          const problems = Object.entries(read(dir, file)).flatMap(([key, message]) =>
            pluralProblems(message, locale).map((problem) => `${key} ${problem}`),
          );
          expect(problems).toEqual([]);
        });

        it(`${file} compiles (every message valid ICU)`, () => {
          expect(() => compileCatalog(readFileSync(join(root, dir, 'locales', file), 'utf8'), file)).not.toThrow();
        });
      }
    });
  }
});

describe('pluralProblems', () => {
  it('asks each locale for its own categories, no fewer and no others', () => {
    const ru = '{count, plural, one {# бан} few {# бана} many {# банов} other {# бана}}';
    expect(pluralProblems(ru, 'ru')).toEqual([]);
    expect(pluralProblems('{count, plural, one {# ban} few {# bany} many {# banów} other {# bana}}', 'pl')).toEqual([]);
    expect(pluralProblems('{count, plural, one {# ban} other {# ban}}', 'tr')).toEqual([]);
    expect(pluralProblems('{count, plural, other {# 个封禁}}', 'zh-CN')).toEqual([]);
    expect(pluralProblems('{count, plural, =0 {Nenhum} one {# ban} other {# bans}}', 'pt-BR')).toEqual([]);
    // English's two forms copied into Russian or Polish miss few and many.
    expect(pluralProblems('{count, plural, one {# бан} other {# банов}}', 'ru')).toEqual([
      '{count}: ru needs "few" (few/many/one/other)',
      '{count}: ru needs "many" (few/many/one/other)',
    ]);
    // Chinese has no singular.
    expect(pluralProblems('{count, plural, one {# 个} other {# 个}}', 'zh-CN')).toEqual([
      '{count}: zh-CN has no "one" (other)',
    ]);
    // Nested in a select, and ordinals by the ordinal rules.
    expect(pluralProblems('{g, select, m {{n, plural, one {#} other {#}}} other {x}}', 'pl')).toHaveLength(2);
    expect(pluralProblems('{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', 'en')).toEqual([]);
  });
});

describe('compileCatalog', () => {
  it("turns ICU messages into Lingui's compiled form, as a module", () => {
    const source = compileCatalog(
      JSON.stringify({ a: 'Servers', b: 'Hello {name}', c: '{count, plural, one {# server} other {# servers}}' }),
    );
    expect(source).toBe(
      'export default {"a":["Servers"],"b":["Hello ",["name"]],"c":[["count","plural",{"one":["#"," server"],"other":["#"," servers"]}]]};\n',
    );
  });

  it('refuses a message that is not a string or not valid ICU, naming the file and key', () => {
    expect(() => compileCatalog(JSON.stringify({ a: 1 }), 'x.json')).toThrow('x.json: a is not a string');
    expect(() => compileCatalog(JSON.stringify({ b: '{count, plural, one {' }), 'x.json')).toThrow(
      'x.json: b is not a valid ICU message',
    );
  });

  it('applies to locales/<locale>.json only', () => {
    expect(CATALOG_PATTERN.test('/a/remotes/docs/locales/de.json')).toBe(true);
    expect(CATALOG_PATTERN.test('/a/remotes/docs/locales/pt-BR.json')).toBe(true);
    expect(CATALOG_PATTERN.test('/a/remotes/docs/src/data.json')).toBe(false);
  });
});
