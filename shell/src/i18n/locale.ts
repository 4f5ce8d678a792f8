// Which language the panel speaks, and keeping that choice: the server decides a first visit's
// (the saved choice's cookie, else Accept-Language) and writes it as <html lang>, drawing the
// first screen in it; the browser starts in the same one. A choice in the language menu is
// kept in a cookie (so the next first screen is drawn in it).
import { isLocale, LOCALE_COOKIE, type Locale } from '@outpost/contracts/browser';
import { setLocale, useLocaleStore } from '@outpost/host';

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
  const locale = initialLocale();
  return locale === 'en' ? Promise.resolve() : setLocale(locale).catch(() => undefined);
}

/** The language menu's choice: the panel switches once its catalogs are in, the cookie keeps it for the next visit. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await setLocale(locale);
  rememberLocale(locale);
}
