import { registerCatalogs } from '@outpost/host';
import en from '../locales/en.json';

// The kit's own words (its components' built-in labels): English bundled with the kit's first
// part, other locales fetched only when active (in one chunk with the shell's, see
// shell/src/i18n/catalogs.ts).
void registerCatalogs({
  en,
  de: () => import(/* webpackChunkName: "locale-de" */ '../locales/de.json'),
  'pt-BR': () => import(/* webpackChunkName: "locale-pt-BR" */ '../locales/pt-BR.json'),
  ru: () => import(/* webpackChunkName: "locale-ru" */ '../locales/ru.json'),
  es: () => import(/* webpackChunkName: "locale-es" */ '../locales/es.json'),
  pl: () => import(/* webpackChunkName: "locale-pl" */ '../locales/pl.json'),
  tr: () => import(/* webpackChunkName: "locale-tr" */ '../locales/tr.json'),
  'zh-CN': () => import(/* webpackChunkName: "locale-zh-CN" */ '../locales/zh-CN.json'),
}).ready();

/** Kit components take useT from here, so the kit's catalogs come with them (in tests too). */
export { useT } from '@outpost/host';
