import { isTheme, THEME_COOKIE, type Theme } from '@outpost/contracts/browser';
import { create } from 'zustand';

export type { Theme };
/** SPEC 3: the theme's local storage key. */
export const THEME_KEY = 'outpost.theme';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function storedTheme(): Theme | null {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return isTheme(stored) ? stored : null;
  } catch {
    // Storage blocked: as if nothing were stored.
    return null;
  }
}

/** SPEC 4: from storage, else the system preference. */
export function initialTheme(): Theme {
  // Drawn on the server (prerender/): the browser's own theme is applied before paint there.
  if (typeof window === 'undefined') return 'light';
  const stored = storedTheme();
  if (stored) return stored;
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

/**
 * The stored choice, mirrored in a cookie for the server, which writes it into the next page as
 * <html data-theme>: the template's inline script then paints it without reading storage (a fresh
 * page's first localStorage read took 3-24 ms of the first frame in traces). No choice, no cookie.
 * A choice stored before the cookie existed gets it here, on its first load since.
 */
export function mirrorThemeCookie(theme: Theme | null): void {
  if (typeof document === 'undefined') return;
  const current = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=([^;]*)`).exec(document.cookie)?.[1] ?? null;
  if (current === theme) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the panel serves
  document.cookie = theme
    ? `${THEME_COOKIE}=${theme}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`
    : `${THEME_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

function apply(theme: Theme): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
}

export const useThemeStore = create<{ theme: Theme; toggle(): void }>()((set, get) => {
  const theme = initialTheme();
  apply(theme);
  if (typeof window !== 'undefined') mirrorThemeCookie(storedTheme());
  return {
    theme,
    toggle() {
      const next: Theme = get().theme === 'dark' ? 'light' : 'dark';
      apply(next);
      try {
        localStorage.setItem(THEME_KEY, next);
        mirrorThemeCookie(next);
      } catch {
        // Not saved; still toggled for this page.
      }
      set({ theme: next });
    },
  };
});
