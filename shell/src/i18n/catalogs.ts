import { registerCatalogs } from '@outpost/host';
import en from '../../locales/en.json';

// The shell's own words: English bundled (the first screen and every key's fallback), other
// locales fetched only when active.
void registerCatalogs({ en, de: () => import('../../locales/de.json') }).ready();

/** The shell's components take useT from here, so their catalogs come with them (in tests too). */
export { useT } from '@outpost/host';
