import { registerCatalogs } from '@outpost/host';

// The public overview's own words (issue 27): `/`, its tables, help boxes, the public details
// with their history, and the status and tags staff pages show too. An owner of its own, apart
// from the staff pages' catalogs (../../catalogs.ts), because it is on the first load: a page the
// server sends carries these messages in every locale, English included (the build writes them as
// dist/catalogs/servers-overview/<locale>.json, see defineRemoteConfig's pageCatalogs), so no
// byte of them is in the first load's JS. The chunks are the fallback: `/` reached without the
// server's page (a client navigation back to it after a language switch, a static host).
// One loader a locale, not registerLocaleChunks like the other owners: this module is on the first
// load of `/`, and the bundler's context module for `./locales/${locale}.json` (a map of the files
// and a loader with its own "module not found" error) measured 126 B brotli more than these.
export const overviewCatalogs = registerCatalogs(
  {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    'pt-BR': () => import('./locales/pt-BR.json'),
    ru: () => import('./locales/ru.json'),
    es: () => import('./locales/es.json'),
    pl: () => import('./locales/pl.json'),
    tr: () => import('./locales/tr.json'),
    'zh-CN': () => import('./locales/zh-CN.json'),
  },
  { inline: 'servers-overview' },
);
