import { registerCatalogs } from '@outpost/host';
import en from '../locales/en.json';

// The kit's own words (its components' built-in labels): English bundled with the kit's first
// part, other locales fetched only when active (in one chunk with the shell's, see
// shell/src/i18n/catalogs.ts).
void registerCatalogs({ en, de: () => import(/* webpackChunkName: "locale-de" */ '../locales/de.json') }).ready();

/** Kit components take useT from here, so the kit's catalogs come with them (in tests too). */
export { useT } from '@outpost/host';
