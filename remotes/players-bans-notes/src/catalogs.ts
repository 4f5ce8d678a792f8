import { registerLocaleChunks } from '@outpost/host';

// Moderation's own words (issue 27: each remote owns its catalogs). Registered with the manifest,
// which every page loads; fetched only when one of its pages (players, bans, appeals, notes,
// leaderboards, reports, the audit log) is asked for, and only the active locale's (with English,
// every key's fallback).
export const playersBansNotesCatalogs = registerLocaleChunks((locale) => import(`../locales/${locale}.json`));
