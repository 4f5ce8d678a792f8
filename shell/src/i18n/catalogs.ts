import { registerCatalogs } from '@outpost/host';
import en from '../../locales/en.json';

// The shell's own words: English bundled (the first screen and every key's fallback), other
// locales fetched only when active. A locale's chunk (locale-<locale>, one literal import() each,
// so the bundler names every one and none is on the English load) carries the kit's messages
// in it too: one request, one compression window, on a first load in that locale (every byte
// of it counts against the 2.0x budget). The kit registers only its English (shared/ui/src/i18n.ts):
// a remote's copy of the kit then carries no locale chunks, and nothing of them is on `/`.
/** The other locales' chunks: the shell's first-load words (../chrome) are in them too. */
export const LOCALE_CHUNKS = {
  de: () => import(/* webpackChunkName: "locale-de" */ './locale-chunks/de'),
  'pt-BR': () => import(/* webpackChunkName: "locale-pt-BR" */ './locale-chunks/pt-BR'),
  ru: () => import(/* webpackChunkName: "locale-ru" */ './locale-chunks/ru'),
  es: () => import(/* webpackChunkName: "locale-es" */ './locale-chunks/es'),
  pl: () => import(/* webpackChunkName: "locale-pl" */ './locale-chunks/pl'),
  tr: () => import(/* webpackChunkName: "locale-tr" */ './locale-chunks/tr'),
  'zh-CN': () => import(/* webpackChunkName: "locale-zh-CN" */ './locale-chunks/zh-CN'),
};

void registerCatalogs(
  { en, ...LOCALE_CHUNKS },
  // A page the server sends in a locale carries these messages itself (the build writes them as
  // dist/catalogs/shell/<locale>.json): the chunk is then not fetched on a first load.
  { inline: 'shell' },
).ready();

/** The shell's components take useT from here, so their catalogs come with them (in tests too). */
export { useT } from '@outpost/host';
