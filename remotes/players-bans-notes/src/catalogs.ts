import { registerCatalogs } from '@outpost/host';

// Moderation's own words (issue 27: each remote owns its catalogs). Registered with the manifest,
// which every page loads; fetched only when one of its pages (players, bans, appeals, notes,
// leaderboards, reports, the audit log) is asked for, and only the active locale's (with English,
// every key's fallback).
export const playersBansNotesCatalogs = registerCatalogs({
  en: () => import('../locales/en.json'),
  de: () => import('../locales/de.json'),
  'pt-BR': () => import('../locales/pt-BR.json'),
  ru: () => import('../locales/ru.json'),
  es: () => import('../locales/es.json'),
  pl: () => import('../locales/pl.json'),
  tr: () => import('../locales/tr.json'),
  'zh-CN': () => import('../locales/zh-CN.json'),
});
