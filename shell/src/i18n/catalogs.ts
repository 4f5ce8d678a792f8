import { registerCatalogs } from '@outpost/host';
import en from '../../locales/en.json';

// The shell's own words: English bundled (the first screen and every key's fallback), other
// locales fetched only when active. The shell's and the kit's catalogs of a locale share one
// named chunk (the kit's first part is built into the shell): one request, one compression
// window, on a German first load (every byte of it counts against the 2.0x budget).
// Chunk names `locale-<locale>`, the same in shared/ui/src/i18n.ts: one literal import() each, so
// the bundler sees every catalog (and names its chunk) while none of them is on the English load.
void registerCatalogs({
  en,
  de: () => import(/* webpackChunkName: "locale-de" */ '../../locales/de.json'),
  'pt-BR': () => import(/* webpackChunkName: "locale-pt-BR" */ '../../locales/pt-BR.json'),
  ru: () => import(/* webpackChunkName: "locale-ru" */ '../../locales/ru.json'),
  es: () => import(/* webpackChunkName: "locale-es" */ '../../locales/es.json'),
  pl: () => import(/* webpackChunkName: "locale-pl" */ '../../locales/pl.json'),
  tr: () => import(/* webpackChunkName: "locale-tr" */ '../../locales/tr.json'),
  'zh-CN': () => import(/* webpackChunkName: "locale-zh-CN" */ '../../locales/zh-CN.json'),
}).ready();

/** The shell's components take useT from here, so their catalogs come with them (in tests too). */
export { useT } from '@outpost/host';
