import { registerCatalogs } from '@outpost/host';

// The panel's own words (issue 27: each remote owns its catalogs). Registered with the manifest;
// fetched only when a /panel page is asked for, and only the active locale's (with English,
// every key's fallback).
export const panelCatalogs = registerCatalogs({
  en: () => import('../locales/en.json'),
  de: () => import('../locales/de.json'),
  'pt-BR': () => import('../locales/pt-BR.json'),
  ru: () => import('../locales/ru.json'),
  es: () => import('../locales/es.json'),
  pl: () => import('../locales/pl.json'),
  tr: () => import('../locales/tr.json'),
  'zh-CN': () => import('../locales/zh-CN.json'),
});
