import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialTheme, mirrorThemeCookie, THEME_KEY } from './theme-store';

const prefersDark = (dark: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)' }));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('initialTheme (SPEC 4)', () => {
  it('follows the system preference when nothing is stored', () => {
    prefersDark(true);
    expect(initialTheme()).toBe('dark');
    prefersDark(false);
    expect(initialTheme()).toBe('light');
  });

  it('prefers the stored choice over the system', () => {
    prefersDark(true);
    localStorage.setItem(THEME_KEY, 'light');
    expect(initialTheme()).toBe('light');
    localStorage.setItem(THEME_KEY, 'nonsense');
    expect(initialTheme()).toBe('dark');
  });
});

describe('mirrorThemeCookie', () => {
  const cookie = () => /(?:^|;\s*)outpost_theme=([^;]*)/.exec(document.cookie)?.[1];

  it('mirrors the stored choice for the server, and removes the cookie when nothing is stored', () => {
    mirrorThemeCookie('dark');
    expect(cookie()).toBe('dark');
    mirrorThemeCookie('light');
    expect(cookie()).toBe('light');
    mirrorThemeCookie(null);
    expect(cookie()).toBeUndefined();
  });

  it('gives a choice stored before the cookie existed its cookie when the store starts', async () => {
    mirrorThemeCookie(null);
    localStorage.setItem(THEME_KEY, 'dark');
    vi.resetModules();
    const { useThemeStore } = await import('./theme-store');
    expect(useThemeStore.getState().theme).toBe('dark');
    expect(cookie()).toBe('dark');
    useThemeStore.getState().toggle();
    expect(cookie()).toBe('light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    mirrorThemeCookie(null);
  });
});
