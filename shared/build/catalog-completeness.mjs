// How complete a remote's catalogs are (issue 27 item 2), counted at build time and published
// with the release: the API stores it and the panel's Remotes page shows it per locale, so a
// team sees which languages its release leaves partly in English before users do.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file a remote's build writes the counts to, beside mf-manifest.json. */
export const CATALOG_COMPLETENESS_FILE = 'catalog-completeness.json';

const LOCALE_FILE = /^([a-z]{2,3}(?:-[A-Za-z0-9]+)*)\.json$/;

/**
 * { keys, translated: { locale: count } } of a locales/ folder: `keys` is the English catalog's
 * size, `translated[locale]` how many of those keys that locale gives a non-empty message
 * (keys only the locale has are not counted). Null when there is no English catalog.
 */
export function catalogCompleteness(localesDir) {
  const englishFile = path.join(localesDir, 'en.json');
  if (!existsSync(englishFile)) return null;
  const english = Object.keys(JSON.parse(readFileSync(englishFile, 'utf8')));
  const translated = {};
  for (const name of readdirSync(localesDir).sort()) {
    const locale = LOCALE_FILE.exec(name)?.[1];
    if (!locale || locale === 'en') continue;
    const messages = JSON.parse(readFileSync(path.join(localesDir, name), 'utf8'));
    translated[locale] = english.filter(
      (key) => typeof messages[key] === 'string' && messages[key].trim() !== '',
    ).length;
  }
  return { keys: english.length, translated };
}

/** The counts of several catalog folders of one remote as one: their keys and translations added up. */
export function sumCompleteness(counts) {
  const found = counts.filter(Boolean);
  if (found.length === 0) return null;
  const translated = {};
  for (const locale of [...new Set(found.flatMap((count) => Object.keys(count.translated)))].sort())
    translated[locale] = found.reduce((sum, count) => sum + (count.translated[locale] ?? 0), 0);
  return { keys: found.reduce((sum, count) => sum + count.keys, 0), translated };
}

/**
 * Writes catalog-completeness.json into a remote's dist after each build (nothing without an
 * English catalog): locales/ and `dirs`, the remote's other owners' folders (relative to it; the
 * servers remote's public overview, src/features/overview/locales), counted as one release.
 */
export function pluginCatalogCompleteness(dirs = []) {
  return {
    name: 'outpost:catalog-completeness',
    setup(api) {
      api.onAfterBuild(() => {
        const counts = sumCompleteness(
          ['locales', ...dirs].map((dir) => catalogCompleteness(path.join(api.context.rootPath, dir))),
        );
        if (counts) writeFileSync(path.join(api.context.distPath, CATALOG_COMPLETENESS_FILE), JSON.stringify(counts));
      });
    },
  };
}
