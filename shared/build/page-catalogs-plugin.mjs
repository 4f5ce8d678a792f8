// The catalogs a first screen draws with, as files the server puts in the page (issue 27).
// A page served in German carries the shell's German messages (and those of the remote that
// owns the page, for its first-screen owners) as JSON in the HTML (api/src/web/page-catalogs.ts),
// so the browser asks for no locale chunk: a first load in German runs the same JavaScript as in
// English. The chunks stay (a language switch, a page reached without the server's HTML).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const { compileMessages } = createRequire(import.meta.url)('./compile-catalog.cjs');

/** Where the files go, under dist/: catalogs/<owner id>/<locale>.json. */
export const PAGE_CATALOGS_DIR = 'catalogs';
const LOCALE_FILE = /^([a-z]{2,3}(?:-[A-Za-z0-9]+)*)\.json$/;

/**
 * Each owner's compiled messages per locale (English aside: it is bundled), from its catalog
 * folders merged in order (a later folder's key wins, as in the shell's locale chunk: kit, then
 * shell). Keys a locale lacks are left out: the browser puts the owner's English under them.
 * `english`: the owner's English is not bundled (a remote's, or the shell's first-load words, an
 * owner of their own): it is written too (en.json, for a page served in English) and under every
 * other locale's keys (the page then needs nothing else). true for every owner, or a list of ids.
 */
export function pageCatalogFiles(owners, { english = false } = {}) {
  const files = {};
  for (const [id, dirs] of Object.entries(owners)) {
    const locales = new Set(
      dirs.flatMap((dir) => readdirSync(dir).flatMap((file) => LOCALE_FILE.exec(file)?.[1] ?? [])),
    );
    const withEnglish = english === true || (Array.isArray(english) && english.includes(id));
    if (!withEnglish) locales.delete('en');
    for (const locale of [...locales].sort()) {
      const messages = {};
      for (const dir of withEnglish && locale !== 'en' ? [...dirs.map((dir) => [dir, 'en']), ...dirs] : dirs) {
        const [folder, file] = Array.isArray(dir) ? dir : [dir, locale];
        try {
          Object.assign(messages, JSON.parse(readFileSync(join(folder, `${file}.json`), 'utf8')));
        } catch (error) {
          if (error.code !== 'ENOENT') throw error;
        }
      }
      files[`${PAGE_CATALOGS_DIR}/${id}/${locale}.json`] = JSON.stringify(compileMessages(messages, `${id}/${locale}`));
    }
  }
  return files;
}

/** A catalog folder: relative to the package, or a package's exported folder ('@outpost/ui/locales'). */
function catalogDir(root, dir) {
  if (!dir.startsWith('@')) return resolve(root, dir);
  return dirname(createRequire(join(root, 'package.json')).resolve(`${dir}/en.json`));
}

/**
 * `owners`: { id: [catalog folders, see catalogDir] }; the id is the one the owner
 * gives registerCatalogs(catalogs, { inline: id }) in @outpost/host. `options.english`: see
 * pageCatalogFiles.
 */
export function pluginPageCatalogs(owners, options = {}) {
  return {
    name: 'outpost:page-catalogs',
    setup(api) {
      api.onAfterBuild(() => {
        const absolute = Object.fromEntries(
          Object.entries(owners).map(([id, dirs]) => [id, dirs.map((dir) => catalogDir(api.context.rootPath, dir))]),
        );
        for (const [file, text] of Object.entries(pageCatalogFiles(absolute, options))) {
          const target = join(api.context.distPath, file);
          mkdirSync(join(target, '..'), { recursive: true });
          writeFileSync(target, text);
        }
      });
    },
  };
}
