// The panel's language: one locale store (zustand, like the session store) and one Lingui i18n
// instance, both in this Module Federation singleton, so the shell, the kit and every remote
// translate with the same active locale. Each owner (the shell, the kit, each remote) brings its
// own catalogs (locales/<locale>.json, ICU messages compiled at build time by
// @outpost/build's catalog loader) and registers them here; only the active locale's catalog is
// fetched, and a remote's only once its code loads.
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@outpost/contracts/browser';
import { create } from 'zustand';

export type { Messages };
export { i18n };

type CatalogModule = Messages | { default: Messages };
/** A catalog: the messages themselves (bundled) or a loader (a chunk of their own). */
export type CatalogSource = CatalogModule | (() => Promise<CatalogModule>);
/** An owner's catalogs: English always (the fallback of every key), other locales as they exist. */
export type Catalogs = { en: CatalogSource } & Partial<Record<Exclude<Locale, 'en'>, CatalogSource>>;

type LocaleState = {
  /** The active locale: what every string is drawn in. */
  locale: Locale;
  /** Bumps whenever messages arrive (a locale, a remote's catalog), so translated parts redraw. */
  revision: number;
};

export const useLocaleStore = create<LocaleState>(() => ({ locale: DEFAULT_LOCALE, revision: 0 }));

// Lingui translates nothing before a locale is active; English from the start (and in tests).
i18n.load(DEFAULT_LOCALE, {});
i18n.activate(DEFAULT_LOCALE);

/** `wanted`: the owner's code is in use (a remote's page has been asked for), so its catalogs load. */
type Owner = { catalogs: Catalogs; loaded: Map<Locale, Promise<void>>; wanted: boolean; inline?: string };

/**
 * The element the server writes into a page: `{"locale": "de", "owners": {"shell": {...},
 * "servers-overview": {...}}}`, the compiled messages of the owners the first screen draws with
 * (api/src/web/page-catalogs.ts). What is there is not fetched: a first load in German asks for
 * no locale chunk (issue 27: the same JS as in English). A remote's owner travels in English too
 * (its English is not bundled), its other locales with English under every key.
 */
export const PAGE_CATALOGS_ELEMENT_ID = 'outpost-catalogs';

/**
 * The page's copy of an owner's messages in `locale`, when the server put them there. Read when
 * an owner first needs a locale (a few times a visit: not worth keeping).
 */
function inPage(owner: Owner, locale: Locale): Messages | undefined {
  let page: { locale?: unknown; owners?: Record<string, Messages> } | null = null;
  try {
    page = JSON.parse(document.getElementById(PAGE_CATALOGS_ELEMENT_ID)?.textContent ?? 'null');
  } catch {
    // No document (the server's render), or an element that does not parse: the loaders fetch.
  }
  const messages = owner.inline && page?.locale === locale ? page.owners?.[owner.inline] : undefined;
  return typeof messages === 'object' && messages !== null ? messages : undefined;
}
const owners: Owner[] = [];

const messagesOf = (module: CatalogModule): Messages =>
  ('default' in module && typeof module.default === 'object' ? module.default : module) as Messages;

async function read(source: CatalogSource | undefined): Promise<Messages> {
  return source === undefined ? {} : messagesOf(typeof source === 'function' ? await source() : source);
}

/** Synchronous when both catalogs are bundled: the kit's and the shell's English are ready on import. */
function readNow(source: CatalogSource | undefined): Messages | null {
  return typeof source === 'function' ? null : source === undefined ? {} : messagesOf(source);
}

function bump() {
  useLocaleStore.setState((state) => ({ revision: state.revision + 1 }));
}

/** Every translation loaded so far, by locale: English fallbacks never hide one (see `put`). */
const translations = new Map<Locale, Messages>();

/**
 * English under a locale's own messages, and under every translation of that locale any owner
 * brought before: an owner's English (the kit's, registered by the kit) must not hide a
 * translation of its keys another owner brought (the shell's locale chunk carries the kit's
 * translations, see shell/src/i18n/catalogs.ts), whichever arrives first.
 */
function put(locale: Locale, english: Messages, own: Messages) {
  const translated = locale === 'en' ? {} : { ...translations.get(locale), ...own };
  if (locale !== 'en') translations.set(locale, translated);
  i18n.load(locale, { ...english, ...translated });
}

/**
 * An owner's messages for `locale`: English under the locale's own, so a key the locale's catalog
 * misses shows in English, never as its id.
 */
function ensure(owner: Owner, locale: Locale): Promise<void> {
  const known = owner.loaded.get(locale);
  if (known) return known;
  const page = inPage(owner, locale);
  // An owner whose English is not bundled finds it in the page (or, in another locale, the
  // page's messages with English under them).
  const english = readNow(owner.catalogs.en) ?? page;
  const own = locale === 'en' ? {} : (page ?? readNow(owner.catalogs[locale]));
  let loading: Promise<void>;
  if (english && own) {
    put(locale, english, own);
    loading = Promise.resolve();
  } else {
    loading = Promise.all([read(owner.catalogs.en), locale === 'en' ? {} : read(owner.catalogs[locale])]).then(
      ([en, translated]) => {
        put(locale, en, translated);
        bump();
      },
    );
    // A catalog that failed to arrive is asked for again next time.
    loading.catch(() => owner.loaded.delete(locale));
  }
  owner.loaded.set(locale, loading);
  return loading;
}

/**
 * Registers an owner's catalogs; nothing is fetched yet (a remote's manifest registers on every
 * page, its catalogs are wanted only once one of its pages is). `ready()` wants them: resolves
 * once the owner's messages for the active locale are in (a remote's page loader awaits it, so
 * the page draws translated at once); from then on a locale switch loads the owner's too.
 * The shell and the kit call it at once (their English is bundled: ready synchronously).
 */
export function registerCatalogs(
  catalogs: Catalogs,
  options: {
    /**
     * The owner's id in the page's catalogs (PAGE_CATALOGS_ELEMENT_ID): an owner the first screen draws
     * with, whose build writes dist/catalogs/<id>/<locale>.json (@outpost/build's pluginPageCatalogs)
     * for the server to put in the page.
     */
    inline?: string;
  } = {},
): { ready: () => Promise<void> } {
  const owner: Owner = { catalogs, loaded: new Map(), wanted: false, inline: options.inline };
  owners.push(owner);
  return {
    ready: () => {
      owner.wanted = true;
      return ensure(owner, useLocaleStore.getState().locale);
    },
  };
}

/**
 * registerCatalogs for an owner whose catalogs are files of its own, each locale's a chunk fetched
 * when that locale is wanted: `registerLocaleChunks((locale) => import(`./locales/${locale}.json`))`.
 * The import stays in the owner's module (the path is the owner's; the bundler makes a chunk of
 * each file it matches). `en`: English bundled with the owner's code instead (ready at once).
 */
export function registerLocaleChunks(
  load: (locale: Locale) => Promise<CatalogModule>,
  options: { en?: CatalogModule; inline?: string } = {},
): { ready: () => Promise<void> } {
  const catalogs: Catalogs = { en: options.en ?? (() => load('en')) };
  for (const locale of LOCALES) catalogs[locale] ??= () => load(locale);
  return registerCatalogs(catalogs, options);
}

/**
 * Makes `locale` active once every registered owner's catalog for it has arrived (the panel
 * switches whole, not string by string). Unknown values fall back to English.
 */
export async function setLocale(value: string): Promise<Locale> {
  const locale = isLocale(value) ? value : DEFAULT_LOCALE;
  await Promise.all(owners.filter((owner) => owner.wanted).map((owner) => ensure(owner, locale)));
  i18n.activate(locale);
  useLocaleStore.setState((state) => ({ locale, revision: state.revision + 1 }));
  return locale;
}

/**
 * The translate function for a component: `t('shell.nav.menu')`, `t('ui.pager.page', {page})`.
 * Redraws the component when the locale changes or messages arrive.
 */
export function useT(): typeof i18n._ {
  useLocaleStore((state) => state.revision);
  return i18n._.bind(i18n);
}

/** The active locale (for Intl formatters: dates, numbers, lists). */
export function useLocale(): Locale {
  return useLocaleStore((state) => state.locale);
}
