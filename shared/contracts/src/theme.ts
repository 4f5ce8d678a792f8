/** SPEC 4's two themes. */
export type Theme = 'light' | 'dark';

/**
 * The cookie a visitor's chosen theme is mirrored in (local storage's `outpost.theme` stays the
 * choice, SPEC 3): the server writes it as `<html data-theme>`, so the first paint needs no
 * storage read (shell/src/theme/theme-store.ts keeps the two alike).
 */
export const THEME_COOKIE = 'outpost_theme';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}
