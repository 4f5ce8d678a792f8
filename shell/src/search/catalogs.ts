import { registerCatalogs } from '@outpost/host';

// The search results' words: /search's results view is fetched when the page opens, and so are
// its catalogs (the active locale's, with English, every key's fallback); never on the first
// load. The page awaits `ready()` before it draws the view (pages/search-page.tsx).
export const searchCatalogs = registerCatalogs({
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
  ru: () => import('./locales/ru.json'),
  es: () => import('./locales/es.json'),
  pl: () => import('./locales/pl.json'),
  tr: () => import('./locales/tr.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
});
