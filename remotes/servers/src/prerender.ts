import { i18n } from '@outpost/host';
import de from './features/overview/locales/de.json';
import en from './features/overview/locales/en.json';
import es from './features/overview/locales/es.json';
import pl from './features/overview/locales/pl.json';
import ptBr from './features/overview/locales/pt-BR.json';
import ru from './features/overview/locales/ru.json';
import tr from './features/overview/locales/tr.json';
import zhCn from './features/overview/locales/zh-CN.json';
import OverviewPage from './pages/overview-page';

// The overview's words in every locale (this module runs on the server only), English under
// each as in the browser: the screen is drawn in the visitor's locale with the same messages the
// page then carries (features/overview/catalogs.ts). Lingui adds them to the shell's, which the
// shell's prerender loads for each visit.
for (const [locale, messages] of Object.entries({ de, es, pl, 'pt-BR': ptBr, ru, tr, 'zh-CN': zhCn, en })) {
  i18n.load(locale, { ...en, ...messages });
}

/**
 * Pages the server may draw for a visitor's first screen (api/src/web/prerender), by route
 * path: the same component the browser renders, given the route's `data` the same way
 * (HostApi.takePrefetched). Built for Node into dist/prerender.cjs (shared/build).
 */
export const pages = { '/': { default: OverviewPage } };
