import { registerCatalogs } from '@outpost/host';
import en from '../../locales/en.json';

// The shell's own words: English bundled (the first screen and every key's fallback), other
// locales fetched only when active. The shell's and the kit's catalogs of a locale share one
// named chunk (the kit's first part is built into the shell): one request, one compression
// window, on a German first load (every byte of it counts against the 2.0x budget).
void registerCatalogs({ en, de: () => import(/* webpackChunkName: "locale-de" */ '../../locales/de.json') }).ready();

/** The shell's components take useT from here, so their catalogs come with them (in tests too). */
export { useT } from '@outpost/host';
