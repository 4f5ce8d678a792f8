// The files a build writes for the server to put in a page (a remote's in English too).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../contracts/src/locale.ts';
import { pageCatalogFiles } from './page-catalogs-plugin.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (dir, locale) => JSON.parse(readFileSync(join(root, dir, 'locales', `${locale}.json`), 'utf8'));

describe("the shell's page catalogs", () => {
  const files = pageCatalogFiles({ shell: [join(root, 'shared/ui/locales'), join(root, 'shell/locales')] });

  it('one file per locale but English (bundled), as the locale chunk has it: the kit, then the shell', () => {
    expect(Object.keys(files).sort()).toEqual(
      LOCALES.filter((locale) => locale !== 'en')
        .map((locale) => `catalogs/shell/${locale}.json`)
        .sort(),
    );
    const german = JSON.parse(files['catalogs/shell/de.json']);
    const keys = [...Object.keys(read('shared/ui', 'de')), ...Object.keys(read('shell', 'de'))];
    expect(Object.keys(german).sort()).toEqual([...new Set(keys)].sort());
  });

  it('compiled as the browser build compiles them (no ICU text left to parse)', () => {
    const german = JSON.parse(files['catalogs/shell/de.json']);
    expect(read('shared/ui', 'de')['ui.pager.page']).toBe('Seite {page}');
    // Lingui's compiled form of a message with an argument: its parts, not the source text.
    expect(german['ui.pager.page']).toEqual(['Seite ', ['page']]);
  });
});

describe("a remote's page catalogs (its English is not bundled)", () => {
  const dir = 'remotes/servers/src/features/overview';
  const files = pageCatalogFiles({ 'servers-overview': [join(root, dir, 'locales')] }, { english: true });

  it('one file per locale, English too, each with every English key (English under what a locale lacks)', () => {
    expect(Object.keys(files).sort()).toEqual(
      LOCALES.map((locale) => `catalogs/servers-overview/${locale}.json`).sort(),
    );
    const english = Object.keys(read(dir, 'en')).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(JSON.parse(files[`catalogs/servers-overview/${locale}.json`])).sort(), locale).toEqual(
        english,
      );
    }
    expect(JSON.parse(files['catalogs/servers-overview/en.json'])['servers-overview.join']).toEqual(['Join']);
    expect(JSON.parse(files['catalogs/servers-overview/de.json'])['servers-overview.join']).toEqual(['Beitreten']);
  });
});

describe("the shell's build: the kit and shell's catalogs without English, its first-load words with it", () => {
  const files = pageCatalogFiles(
    {
      shell: [join(root, 'shared/ui/locales'), join(root, 'shell/locales')],
      'shell-chrome': [join(root, 'shell/src/chrome/locales')],
    },
    { english: ['shell-chrome'] },
  );

  it("English only for the owners named: the first-load words' in every locale, the bundled ones' not", () => {
    expect(Object.keys(files).filter((file) => file.endsWith('/en.json'))).toEqual(['catalogs/shell-chrome/en.json']);
    const english = Object.keys(read('shell/src/chrome', 'en')).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(JSON.parse(files[`catalogs/shell-chrome/${locale}.json`])).sort(), locale).toEqual(english);
    }
    expect(JSON.parse(files['catalogs/shell-chrome/en.json'])['shell.chrome.footer.buildInfo']).toEqual(['Build Info']);
    expect(JSON.parse(files['catalogs/shell-chrome/de.json'])['shell.chrome.footer.buildInfo']).toEqual([
      'Build-Informationen',
    ]);
  });
});
