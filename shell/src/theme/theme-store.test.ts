import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialTheme, THEME_KEY } from './theme-store';

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
