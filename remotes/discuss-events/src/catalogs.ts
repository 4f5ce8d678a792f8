import { registerLocaleChunks } from '@outpost/host';

// The discussions' and events' own words (issue 27: each remote owns its catalogs). Registered
// with the manifest, which every page loads; fetched only when a /discuss or /events page is
// asked for, and only the active locale's (with English, every key's fallback).
export const discussEventsCatalogs = registerLocaleChunks((locale) => import(`../locales/${locale}.json`));
