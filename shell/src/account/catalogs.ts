import { registerLocaleChunks } from '@outpost/host';

// The words of the account modals (User Settings and its tabs, Notifications): their code is
// fetched when a modal first opens, so their catalogs are too (only the active locale's, with
// English, every key's fallback), never on the first load of a page. The host awaits
// `ready()` before it draws a modal (account-modals-host.tsx).
export const accountCatalogs = registerLocaleChunks((locale) => import(`./locales/${locale}.json`));
