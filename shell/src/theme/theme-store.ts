import { create } from 'zustand';

export type Theme = 'light' | 'dark';
/** SPEC 3: the theme's local storage key. */
export const THEME_KEY = 'outpost.theme';

/** SPEC 4: from storage, else the system preference. */
export function initialTheme(): Theme {
  // Drawn on the server (prerender/): the browser's own theme is applied before paint there.
  if (typeof window === 'undefined') return 'light';
  try {
    const stored = localStorage.getItem(THEME_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // Storage blocked: fall through to the system preference.
  }
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

function apply(theme: Theme): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
}

export const useThemeStore = create<{ theme: Theme; toggle(): void }>()((set, get) => {
  const theme = initialTheme();
  apply(theme);
  return {
    theme,
    toggle() {
      const next: Theme = get().theme === 'dark' ? 'light' : 'dark';
      apply(next);
      try {
        localStorage.setItem(THEME_KEY, next);
      } catch {
        // Not saved; still toggled for this page.
      }
      set({ theme: next });
    },
  };
});
