import { registerCatalogs } from '@outpost/host';

// The staff pages' own words (issue 27: each remote owns its catalogs): fetched only when one of
// them (or a staff part of the overview: manage mode, instance creation) is asked for, and only
// the active locale's (with English, every key's fallback). The public overview's words are a
// separate, smaller owner (features/overview/catalogs.ts): nothing here is on a first load of `/`.
export const serversCatalogs = registerCatalogs({
  en: () => import('../locales/en.json'),
  de: () => import('../locales/de.json'),
  'pt-BR': () => import('../locales/pt-BR.json'),
  ru: () => import('../locales/ru.json'),
  es: () => import('../locales/es.json'),
  pl: () => import('../locales/pl.json'),
  tr: () => import('../locales/tr.json'),
  'zh-CN': () => import('../locales/zh-CN.json'),
});
