import { i18n } from '@outpost/host';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import pl from '../locales/pl.json';
import ptBr from '../locales/pt-BR.json';
import ru from '../locales/ru.json';
import tr from '../locales/tr.json';
import zhCn from '../locales/zh-CN.json';
import AdminBansPage from './pages/admin-bans-page';

// Moderation's words in every locale (this module runs on the server only), English under each
// as in the browser (catalogs.ts loads the active locale's with English): the screen is drawn in
// the visitor's locale with the messages the page then uses. Lingui adds them to the shell's.
for (const [locale, messages] of Object.entries({ de, es, pl, 'pt-BR': ptBr, ru, tr, 'zh-CN': zhCn, en })) {
  i18n.load(locale, { ...en, ...messages });
}

/**
 * Pages the server may draw as a first screen (api/src/web/prerender), by route path. /admin/bans
 * is a staff page: drawn only for a session the API finds holding the route's permission, from
 * the API's answers to that session (issue 30 item 3: its first 50 rows of 1,000,000 bans showed
 * at 2.7x a bare React page's time when the browser drew them after the shell had booted).
 */
export const pages = { '/admin/bans': { default: AdminBansPage } };
