/**
 * The shell's half of the server-drawn first screen (api/src/web/prerender): a visitor's first
 * screen drawn to HTML from the same components the browser renders, so the page shows its
 * content as soon as the HTML and CSS arrive; the shell's first live render then replaces it
 * (React empties the root on its first commit), drawn whole in one pass (startup/first-screen.ts).
 *
 * Built for Node (shared/build pluginPrerender) into dist/prerender.cjs and run only in the
 * API's prerender process: never in a browser. It also provides the shared singletons a
 * remote's prerender module is built against (`shared`), as the federation runtime does in a
 * browser: one React, one router, one host package.
 */
import * as linguiCore from '@lingui/core';
import * as contractsBrowser from '@outpost/contracts/browser';
import {
  isLocale,
  type Locale,
  metaResponseSchema,
  profileResponseSchema,
  type RegistryEntry,
} from '@outpost/contracts/browser';
import * as host from '@outpost/host';
import { i18n, type Messages, provideHost, useLocaleStore, useMetaStore, useSessionStore } from '@outpost/host';
import uiDe from '@outpost/ui/locales/de.json';
import uiEn from '@outpost/ui/locales/en.json';
import uiEs from '@outpost/ui/locales/es.json';
import uiPl from '@outpost/ui/locales/pl.json';
import uiPtBr from '@outpost/ui/locales/pt-BR.json';
import uiRu from '@outpost/ui/locales/ru.json';
import uiTr from '@outpost/ui/locales/tr.json';
import uiZhCn from '@outpost/ui/locales/zh-CN.json';
import * as react from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import { renderToString } from 'react-dom/server';
import * as reactRouter from 'react-router';
import { StaticRouter } from 'react-router';
import * as zustand from 'zustand';
import shellDe from '../../locales/de.json';
import shellEn from '../../locales/en.json';
import shellEs from '../../locales/es.json';
import shellPl from '../../locales/pl.json';
import shellPtBr from '../../locales/pt-BR.json';
import shellRu from '../../locales/ru.json';
import shellTr from '../../locales/tr.json';
import shellZhCn from '../../locales/zh-CN.json';
import { Layout } from '../app';
import pageDe from '../chrome/locales/de.json';
import pageEn from '../chrome/locales/en.json';
import pageEs from '../chrome/locales/es.json';
import pagePl from '../chrome/locales/pl.json';
import pagePtBr from '../chrome/locales/pt-BR.json';
import pageRu from '../chrome/locales/ru.json';
import pageTr from '../chrome/locales/tr.json';
import pageZhCn from '../chrome/locales/zh-CN.json';
import { preloadSignedInChrome, SignedInNavItems } from '../layout/signed-in-lazy';
import { type PageModule, providePage } from '../remotes/remote-code';
import { useRemotesStore } from '../remotes/remotes-store';
import { validateRouteTable } from '../remotes/validate-manifest';
import { sessionFromProfile } from '../session/load-profile';
import { STARTUP, useStartupStore } from '../session/startup-store';
import { markPrerendering } from './prerendering';

markPrerendering();
// A staff page's first screen shows the signed-in chrome (bell, user menu...), drawn at once as
// in the browser (Preloaded): its code is bundled here, and this settles before the process
// says it is ready (prerender-process.cjs), so a render never finds it missing.
void preloadSignedInChrome().catch(() => undefined);

/**
 * Every locale's messages of the shell (its first-load words too: ../chrome) and the kit, bundled (this module runs on the server
 * only): a first screen is drawn in the visitor's language synchronously. English under each,
 * as in the browser (a missing key shows in English).
 */
const ENGLISH: Messages = { ...uiEn, ...shellEn, ...pageEn };
const MESSAGES: Record<Locale, Messages> = {
  en: ENGLISH,
  de: { ...ENGLISH, ...uiDe, ...shellDe, ...pageDe },
  'pt-BR': { ...ENGLISH, ...uiPtBr, ...shellPtBr, ...pagePtBr },
  ru: { ...ENGLISH, ...uiRu, ...shellRu, ...pageRu },
  es: { ...ENGLISH, ...uiEs, ...shellEs, ...pageEs },
  pl: { ...ENGLISH, ...uiPl, ...shellPl, ...pagePl },
  tr: { ...ENGLISH, ...uiTr, ...shellTr, ...pageTr },
  'zh-CN': { ...ENGLISH, ...uiZhCn, ...shellZhCn, ...pageZhCn },
};

/** Module name -> module, for a remote prerender module's `require` of a shared singleton. */
export const shared: Record<string, unknown> = {
  react,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': reactDom,
  'react-router': reactRouter,
  zustand,
  '@lingui/core': linguiCore,
  '@outpost/host': host,
  '@outpost/contracts/browser': contractsBrowser,
};

export interface PrerenderInput {
  /** Path and query of the visit. */
  url: string;
  /** The registry this visitor's shell will read, route tables inlined. */
  registry: RegistryEntry[];
  /** The visitor's /api/meta answer. */
  meta: unknown;
  /** Route data (`data` of the route): path -> the JSON body the page's first call gets. */
  data: Record<string, unknown>;
  /** The visitor's locale (api/src/web: their saved choice's cookie, else Accept-Language). */
  locale?: string;
  /** Page modules of the remote owning the route, by remote container name and route path. */
  pages: { name: string; path: string; module: PageModule }[];
  /**
   * A staff page's visit: the visitor's /api/auth/profile answer, and the permission the route
   * needs (the API has checked the session holds it). Absent: a visitor with no session.
   */
  signedIn?: { profile: unknown; permission: string };
}

/**
 * The first screen a visitor (no session) or a staff member (`signedIn`) sees at `url`, as HTML;
 * null when a staff page cannot be drawn as their browser would draw it (a profile that does not
 * parse, a permission this session's check does not grant yet, the chrome's code missing).
 * Synchronous: every store is set for this one visit and read by this render alone, so visits
 * never see each other's state.
 */
export function prerender(input: PrerenderInput): string | null {
  const data = new Map(Object.entries(input.data));
  provideHost({
    notify: () => undefined,
    // Effects never run on the server, so no page calls the API from here.
    apiFetch: () => Promise.resolve(null),
    navigate: () => undefined,
    takePrefetched: (path) => data.get(path),
  });
  const locale = isLocale(input.locale) ? input.locale : 'en';
  // Every catalog is bundled here: the locale is active at once (the host's setLocale would
  // wait for loaders the server has no need of).
  i18n.load(locale, MESSAGES[locale]);
  i18n.activate(locale);
  useLocaleStore.setState({ locale });
  if (input.signedIn) {
    // Checked as the browser checks it (session/load-profile.ts).
    const profile = profileResponseSchema.safeParse(input.signedIn.profile);
    if (!profile.success || SignedInNavItems.loaded() === null) return null;
    useSessionStore.getState().setSession(sessionFromProfile(profile.data));
    // The browser's own check must let the page draw too, or its first render would differ.
    if (!useSessionStore.getState().hasPermission(input.signedIn.permission)) return null;
  } else useSessionStore.getState().setSession(null);
  useStartupStore.getState().setState(STARTUP.show);
  // Checked as the browser checks /api/meta (meta/load-meta.ts): a bad answer is no meta.
  const meta = metaResponseSchema.safeParse(input.meta);
  useMetaStore.setState({ meta: meta.success ? meta.data : null });
  const remotes: ReturnType<typeof useRemotesStore.getState>['remotes'] = {};
  for (const entry of input.registry) {
    const check = validateRouteTable(entry.name, entry.routeTable);
    remotes[entry.name] = check.ok
      ? { entry, status: 'ready', table: check.table, error: null }
      : { entry, status: 'failed', table: null, error: check.reason };
  }
  useRemotesStore.setState({
    registry: 'ready',
    registryError: null,
    order: input.registry.map((entry) => entry.name),
    remotes,
  });
  for (const page of input.pages) providePage(page.name, page.path, page.module);
  return renderToString(
    <StaticRouter location={input.url}>
      <Layout />
    </StaticRouter>,
  );
}
