import type { Locale } from '@outpost/contracts';
import { useLocale, useLocaleStore } from '@outpost/host';
import { useEffect } from 'react';
import { create } from 'zustand';

// Issue 27: a page translated by the docs team (content/<locale>/pages/<id>.md) shows in that
// locale. Each locale's translations are a chunk of their own (docsContentPlugin writes
// .generated/<locale>.translations.json), fetched only by visitors reading in that locale.

type Translations = Record<string, string>;

const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Translations }>> = {
  de: () => import('../../../.generated/de.translations.json'),
  'pt-BR': () => import('../../../.generated/pt-BR.translations.json'),
  ru: () => import('../../../.generated/ru.translations.json'),
  es: () => import('../../../.generated/es.translations.json'),
  pl: () => import('../../../.generated/pl.translations.json'),
  tr: () => import('../../../.generated/tr.translations.json'),
  'zh-CN': () => import('../../../.generated/zh-CN.translations.json'),
};

const useTranslations = create<Partial<Record<Locale, Translations>>>(() => ({ en: {} }));
const loading = new Map<Locale, Promise<void>>();

/** Fetches `locale`'s translated pages once; the page loader awaits the active locale's. */
export function loadPageTranslations(locale: Locale = useLocaleStore.getState().locale): Promise<void> {
  if (locale === 'en') return Promise.resolve();
  const known = loading.get(locale);
  if (known) return known;
  const load = LOADERS[locale]().then((module) => useTranslations.setState({ [locale]: module.default }));
  // A chunk that failed to arrive is asked for again next time.
  load.catch(() => loading.delete(locale));
  loading.set(locale, load);
  return load;
}

/**
 * The page's text for the reader: the active locale's translation, else the English `markdown`
 * with `untranslated` set (the page notes it). Null while a switched-to locale's chunk arrives.
 */
export function usePageText(id: string, markdown: string): { markdown: string; untranslated: boolean } | null {
  const locale = useLocale();
  const translations = useTranslations((state) => state[locale]);
  useEffect(() => {
    // A failed fetch leaves the text away; the next switch or visit asks again.
    if (!translations) loadPageTranslations(locale).catch(() => undefined);
  }, [locale, translations]);
  if (locale === 'en') return { markdown, untranslated: false };
  if (!translations) return null;
  const translated = translations[id];
  return translated ? { markdown: translated, untranslated: false } : { markdown, untranslated: true };
}
