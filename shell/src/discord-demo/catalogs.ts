import { registerLocaleChunks } from '@outpost/host';

// The demo Discord channel's words: /demo/discord's channel view is fetched when the page opens,
// and so are its catalogs (the active locale's, with English, every key's fallback); never on the
// first load. The page awaits `ready()` before it draws the channel (pages/discord-demo-page.tsx).
export const discordDemoCatalogs = registerLocaleChunks((locale) => import(`./locales/${locale}.json`));
