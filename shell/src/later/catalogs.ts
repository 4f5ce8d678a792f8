import { i18n, registerLocaleChunks, useT } from '@outpost/host';
import { useEffect } from 'react';
import en from './locales/en.json';

// The words of the shell's chrome that is not on a visitor's first load: the signed-in user's bars
// and popup (layout/signed-in-chrome.tsx), the Steam-offline notice and the tour overlay. Only
// the chunks of that code import this module, so its English (bundled here, ready at once)
// costs a visitor's first load nothing; another locale's catalog is fetched when one of them
// first needs it (the active locale's only), and again on a switch of language.
export const laterCatalogs = registerLocaleChunks((locale) => import(`./locales/${locale}.json`), { en });

/**
 * This code is loaded because one of those parts is about to draw: its words are wanted now
 * (at once in English; the signed-in chrome's loader waits for another locale's, so a signed-in
 * first screen is drawn whole, in one language). Never rejects: when the fetch fails, the parts
 * draw nothing (useLaterWords) and ask again.
 */
export const laterWordsReady: Promise<void> = laterCatalogs.ready().catch(() => undefined);

/** One of these keys (each locale's catalog has them all): loaded for the active locale means all are. */
const READY_KEY = 'shell.later.tour.next';

/**
 * Whether the words are in for the active locale, asking again when not (a load that failed): a
 * part no loader waits for (the Steam notice, the tour overlay) draws nothing until then (a
 * moment, in a language other than English), never a key's name or a flash of English.
 */
export function useLaterWords(): boolean {
  useT();
  const ready = READY_KEY in i18n.messages;
  useEffect(() => {
    if (!ready) void laterCatalogs.ready();
  }, [ready]);
  return ready;
}
