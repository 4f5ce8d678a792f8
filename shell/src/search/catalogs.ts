import { registerLocaleChunks } from '@outpost/host';

// The search results' words: /search's results view is fetched when the page opens, and so are
// its catalogs (the active locale's, with English, every key's fallback); never on the first
// load. The page awaits `ready()` before it draws the view (pages/search-page.tsx).
export const searchCatalogs = registerLocaleChunks((locale) => import(`./locales/${locale}.json`));
