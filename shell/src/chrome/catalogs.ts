import { registerCatalogs } from '@outpost/host';
import { LOCALE_CHUNKS } from '../i18n/catalogs';

// The shell's words of every page's first load (issue 27): the footer, the loading, "section
// unavailable", not-found and login-required screens, the navbar's More menu and unread count,
// the demo banner, the shell's own routes' labels. An owner of its own, apart from the shell's
// catalogs (../../locales, whose English is bundled), because its English is not bundled:
// a page the server sends carries these messages in every locale, English included (the build
// writes them as dist/catalogs/shell-chrome/<locale>.json, @outpost/build's defineShellConfig), so
// no byte of them is in the first load's JS. The chunks are the fallback: a language switch, a
// page reached without the server's HTML (a static host), the unit tests.
export const chromeWords = registerCatalogs(
  // Another locale's words are in the shell's chunk of that locale, with the shell's and the
  // kit's: a language switch fetches one file, and the entry's runtime names one chunk more
  // than before, the English one.
  { en: () => import('./locales/en.json'), ...LOCALE_CHUNKS },
  { inline: 'shell-chrome' },
);

/** The shell's components take useT from here, so these catalogs come with them (in tests too). */
export { useT } from '@outpost/host';
