// Every catalog in the repository against its owner's English one (issue 27: "a test fails
// when a catalog misses a key the English one has"), and the build's compiler of catalogs.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const { CATALOG_PATTERN, compileCatalog } = createRequire(import.meta.url)('./compile-catalog.cjs');
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every owner of catalogs: the shell, each shared package and each remote with a locales/ folder. */
function owners() {
  const dirs = [
    'shell',
    ...['shared', 'remotes'].flatMap((parent) => readdirSync(join(root, parent)).map((name) => `${parent}/${name}`)),
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

/** The ICU arguments a message uses ({name}, {count, plural, ...}), sorted. */
function argumentsOf(message) {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((match) => match[1]))].sort();
}

describe('catalogs', () => {
  const found = owners();

  it('are found: the shell, the kit and a remote own some', () => {
    expect(found.map((owner) => owner.dir)).toEqual(expect.arrayContaining(['shell', 'shared/ui', 'remotes/docs']));
  });

  for (const { dir, files } of found) {
    describe(dir, () => {
      it('has an English catalog whose keys are its own (prefixed by the owner)', () => {
        expect(files).toContain('en.json');
        const prefix = dir === 'shell' ? 'shell.' : dir === 'shared/ui' ? 'ui.' : `${dir.split('/')[1]}.`;
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
        it(`${file} compiles (every message valid ICU)`, () => {
          expect(() => compileCatalog(readFileSync(join(root, dir, 'locales', file), 'utf8'), file)).not.toThrow();
        });
      }
    });
  }
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
