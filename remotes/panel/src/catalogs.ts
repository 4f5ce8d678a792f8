import { registerLocaleChunks } from '@outpost/host';

// The panel's own words (issue 27: each remote owns its catalogs). Registered with the manifest;
// fetched only when a /panel page is asked for, and only the active locale's (with English,
// every key's fallback).
export const panelCatalogs = registerLocaleChunks((locale) => import(`../locales/${locale}.json`));
