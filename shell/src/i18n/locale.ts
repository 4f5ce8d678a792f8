// Which language the panel speaks, and keeping that choice: the server decides a first visit's
// (the saved choice's cookie, else Accept-Language) and writes it as <html lang>, drawing the
// first screen in it; the browser starts in the same one. A choice in the language menu is
// kept in a cookie (so the next first screen is drawn in it) and, signed in, in the profile:
// signing in on another browser brings it along.
import { isLocale, LOCALE_COOKIE, type Locale } from '@outpost/contracts/browser';
import { getHost, setLocale, useLocaleStore, useSessionStore } from '@outpost/host';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function cookieLocale(): Locale | null {
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(document.cookie);
  const value = match?.[1];
  return isLocale(value) ? value : null;
}

function rememberLocale(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the panel serves
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/** The locale the page was served in (the server's choice), else the saved cookie, else English. */
export function initialLocale(): Locale {
  const served = document.documentElement.lang;
  return cookieLocale() ?? (isLocale(served) ? served : 'en');
}

/** Before the first render: the served locale's catalogs, so the page is drawn once, in it. */
export function startLocale(): Promise<unknown> {
  // <html lang> follows the active locale from here on.
  useLocaleStore.subscribe((state, previous) => {
    if (state.locale !== previous.locale) document.documentElement.lang = state.locale;
  });
  // A sign-in (no session, or another user's, before): their saved language wins.
  useSessionStore.subscribe((state, previous) => {
    if (state.session && state.session.id !== previous.session?.id) applySavedLocale(state.session.profile.locale);
  });
  const locale = initialLocale();
  return locale === 'en' ? Promise.resolve() : setLocale(locale).catch(() => undefined);
}

/**
 * The language menu's choice: the panel switches once its catalogs are in, the cookie keeps it
 * for the next visit and, for a signed-in user, the profile keeps it across browsers.
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  await switchTo(locale);
  rememberLocale(locale);
  if (useSessionStore.getState().session) {
    // A failure is the host's to show (a toast); the choice holds in this browser regardless.
    await getHost().apiFetch('/api/auth/profile/locale', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ locale }),
    });
  }
}

/** A signed-in user's saved language, from the profile, wins over this browser's. */
function applySavedLocale(saved: string | null | undefined): void {
  if (!isLocale(saved) || saved === useLocaleStore.getState().locale) return;
  rememberLocale(saved);
  void switchTo(saved).catch(() => undefined);
}

/**
 * The panel in `locale`, its routes' words (navbar, hero, titles: served in one language at a
 * time) with it. Their code is fetched with them, on a switch only; without them (offline, a
 * static host) the routes keep their words and the rest switches all the same.
 */
async function switchTo(locale: Locale): Promise<void> {
  const words = await import('../remotes/route-words')
    .then(({ routeWordsIn }) => routeWordsIn(locale))
    .catch(() => null);
  await setLocale(locale);
  words?.();
}
