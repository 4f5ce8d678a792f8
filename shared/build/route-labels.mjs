// A remote's route labels in every locale (issue 27), for its route table: the catalog keys
// `<remote id>.route.<route name>.<field>` of locales/<locale>.json. The English catalog must say exactly
// what src/manifest.ts says (the manifest stays the English source; the catalog's English is
// what translators read), and must name every label of every named route, so a route added
// without its words fails the build instead of showing English to everyone.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { compileMessageOrThrow } = require('@lingui/message-utils/compileMessage');

/** `<remote id>.route.`: what starts a route label's key (compile-catalog.cjs leaves them out of the browser's catalogs). */
const routeKeyPrefix = (id) => `${id}.route.`;

/** An ICU message as plain text (quotes unescaped); a label with an argument is refused. */
function plainText(message, where) {
  const compiled = compileMessageOrThrow(message);
  const parts = typeof compiled === 'string' ? [compiled] : compiled;
  if (!parts.every((part) => typeof part === 'string')) throw new Error(`${where}: a route label takes no arguments`);
  return parts.join('');
}

/**
 * { labels } for the route table (locale -> route name -> field -> text, English left out), or
 * { problem } saying what is wrong. A remote without locales/ has no labels.
 */
export function routeLabels(remoteDir, id, routes, contracts) {
  const dir = path.join(remoteDir, 'locales');
  if (!existsSync(path.join(dir, 'en.json'))) return { labels: undefined };
  const { ROUTE_LABEL_FIELDS, englishLabel, isLocale } = contracts;
  const byName = new Map(routes.filter((route) => route.name).map((route) => [route.name, route]));
  const prefix = routeKeyPrefix(id);
  const read = (file) => {
    const entries = Object.entries(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    const words = {};
    for (const [key, message] of entries) {
      if (!key.startsWith(prefix)) continue;
      const [name, field, ...rest] = key.slice(prefix.length).split('.');
      const route = byName.get(name);
      if (
        !route ||
        rest.length > 0 ||
        !ROUTE_LABEL_FIELDS.includes(field) ||
        englishLabel(route, field) === undefined
      ) {
        throw new Error(`locales/${file}: ${key} names no label of a route in src/manifest.ts`);
      }
      words[name] ??= {};
      words[name][field] = plainText(message, `locales/${file}: ${key}`);
    }
    return words;
  };
  try {
    const english = read('en.json');
    for (const route of byName.values()) {
      for (const field of ROUTE_LABEL_FIELDS) {
        const manifest = englishLabel(route, field);
        if (manifest === undefined) continue;
        const catalog = english[route.name]?.[field];
        const key = `${prefix}${route.name}.${field}`;
        if (catalog === undefined) throw new Error(`locales/en.json has no ${key} ("${manifest}")`);
        if (catalog !== manifest) {
          throw new Error(`locales/en.json says "${catalog}" for ${key}, src/manifest.ts "${manifest}"`);
        }
      }
    }
    const labels = {};
    for (const file of readdirSync(dir).sort()) {
      const locale = file.replace(/\.json$/, '');
      if (!file.endsWith('.json') || locale === 'en' || !isLocale(locale)) continue;
      const words = read(file);
      if (Object.keys(words).length > 0) labels[locale] = words;
    }
    return { labels };
  } catch (error) {
    return { problem: error.message };
  }
}
