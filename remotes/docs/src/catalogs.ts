import { registerLocaleChunks } from '@outpost/host';

// The docs' own words (issue 27: each remote owns its catalogs). Registered with the manifest,
// which every page loads; fetched only when a docs page is asked for, and only the active
// locale's (with English, every key's fallback).
export const docsCatalogs = registerLocaleChunks((locale) => import(`../locales/${locale}.json`));
