import { registerLocaleChunks } from '@outpost/host';

// The shares' own words (issue 27: each remote owns its catalogs). Registered with the manifest;
// fetched only when an /admin/shares page is asked for, and only the active locale's (with
// English, every key's fallback).
export const sharesAddonsCatalogs = registerLocaleChunks((locale) => import(`../locales/${locale}.json`));
