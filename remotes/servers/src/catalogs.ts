import { i18n, registerLocaleChunks, useT } from '@outpost/host';
import { useEffect } from 'react';
import { overviewCatalogs } from './features/overview/catalogs';

// The staff pages' own words (issue 27: each remote owns its catalogs): fetched only when one of
// them (or a staff part of the overview: manage mode, instance creation) is asked for, and only
// the active locale's (with English, every key's fallback). The public overview's words are a
// separate, smaller owner (features/overview/catalogs.ts): nothing here is on a first load of `/`.
export const serversCatalogs = registerLocaleChunks((locale) => import(`../locales/${locale}.json`));

/**
 * Whether the staff words are in for the active locale, asking for them once when not: for the
 * staff parts the overview opens itself (manage mode's action buttons, instance creation), which
 * no page loader waits for. They draw nothing until then (a moment, on their first opening), never
 * a key's name.
 */
export function useServersCatalogs(): boolean {
  useT();
  const ready = READY_KEY in i18n.messages;
  useEffect(() => {
    if (!ready) void serversCatalogs.ready();
  }, [ready]);
  return ready;
}
const READY_KEY = 'servers.instance.title';

/** The public overview's words: staff pages show a server's status, tags and history in them. */
export { overviewCatalogs };

/**
 * A staff page's words for the active locale: its own and the overview's. Here, not spelled out
 * in src/manifest.ts's `withCatalogs`: that module is on every first load of `/`, this one not.
 */
export const staffWordsReady = () => Promise.all([serversCatalogs.ready(), overviewCatalogs.ready()]);
