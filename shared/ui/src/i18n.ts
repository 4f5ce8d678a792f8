import { registerCatalogs } from '@outpost/host';
import en from '../locales/en.json';

// The kit's own words (its components' built-in labels): English bundled with the kit's first
// part. Its other locales (locales/<locale>.json, the kit's to keep) are fetched by the shell,
// which provides the kit to every remote: in the shell's chunk of each locale, with the shell's
// own messages (shell/src/i18n/catalogs.ts). Registered here, a remote's build of the kit would
// carry a chunk per locale and a name and hash each in its runtime, on every first load.
void registerCatalogs({ en }).ready();

/** Kit components take useT from here, so the kit's catalogs come with them (in tests too). */
export { useT } from '@outpost/host';
