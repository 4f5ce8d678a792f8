import { describe, expect, it } from 'vitest';
import { isLocale } from './locale';
import { negotiateLocale } from './locale-negotiation';

describe('negotiateLocale', () => {
  it('picks the first of our locales by quality, a region matching its language', () => {
    expect(negotiateLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(negotiateLocale('fr-FR, de-AT;q=0.8, en;q=0.5')).toBe('de');
    expect(negotiateLocale('en;q=0.4, de;q=0.9')).toBe('de');
    expect(negotiateLocale('en-US,en;q=0.9,de;q=0.8')).toBe('en');
  });

  it('falls back to English for none, an unknown language, q=0, a wildcard or garbage', () => {
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale('')).toBe('en');
    expect(negotiateLocale('fr, it;q=0.5')).toBe('en');
    expect(negotiateLocale('de;q=0')).toBe('en');
    expect(negotiateLocale('*')).toBe('en');
    expect(negotiateLocale(';;,,q=,de;q=abc')).toBe('en');
  });

  it('knows only its own locales', () => {
    expect(isLocale('de')).toBe(true);
    expect(isLocale('xx')).toBe(false);
    expect(isLocale('__proto__')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
