import { registerCatalogs } from '@outpost/host';

// The demo Discord channel's words: /demo/discord's channel view is fetched when the page opens,
// and so are its catalogs (the active locale's, with English, every key's fallback); never on the
// first load. The page awaits `ready()` before it draws the channel (pages/discord-demo-page.tsx).
export const discordDemoCatalogs = registerCatalogs({
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
  ru: () => import('./locales/ru.json'),
  es: () => import('./locales/es.json'),
  pl: () => import('./locales/pl.json'),
  tr: () => import('./locales/tr.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
});
