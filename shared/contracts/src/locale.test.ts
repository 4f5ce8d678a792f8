import { describe, expect, it } from 'vitest';
import { isLocale, LOCALE_NAMES, LOCALES } from './locale';
import { negotiateLocale } from './locale-negotiation';

describe('negotiateLocale', () => {
  it('picks the first of our locales by quality, a region matching its language', () => {
    expect(negotiateLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(negotiateLocale('fr-FR, de-AT;q=0.8, en;q=0.5')).toBe('de');
    expect(negotiateLocale('en;q=0.4, de;q=0.9')).toBe('de');
    expect(negotiateLocale('en-US,en;q=0.9,de;q=0.8')).toBe('en');
  });

  it("maps a language's regions and scripts to the one locale we have of it", () => {
    for (const header of ['pt-BR', 'pt', 'pt-PT', 'pt-AO']) expect(negotiateLocale(header), header).toBe('pt-BR');
    for (const header of ['zh-CN', 'zh', 'zh-Hans', 'zh-SG', 'zh-Hans-CN', 'zh-Hans-TW']) {
      expect(negotiateLocale(header), header).toBe('zh-CN');
    }
    for (const header of ['ru', 'ru-RU', 'ru-UA']) expect(negotiateLocale(header), header).toBe('ru');
    for (const header of ['es', 'es-ES', 'es-419', 'es-MX', 'es-AR'])
      expect(negotiateLocale(header), header).toBe('es');
    for (const header of ['pl', 'pl-PL']) expect(negotiateLocale(header), header).toBe('pl');
    for (const header of ['tr', 'tr-TR', 'tr-CY']) expect(negotiateLocale(header), header).toBe('tr');
  });

  it('compares tags case-insensitively', () => {
    expect(negotiateLocale('PT-br')).toBe('pt-BR');
    expect(negotiateLocale('ZH-HANS-cn')).toBe('zh-CN');
    expect(negotiateLocale('zh-cn')).toBe('zh-CN');
    expect(negotiateLocale('RU-ru')).toBe('ru');
    expect(negotiateLocale('Es-Mx;Q=0.9, en;q=0.1')).toBe('es');
  });

  it('weighs the new locales by quality like any other, order breaking ties', () => {
    expect(negotiateLocale('en;q=0.5, pt-BR;q=0.9')).toBe('pt-BR');
    expect(negotiateLocale('fr-FR, ru;q=0.7, pl;q=0.8')).toBe('pl');
    expect(negotiateLocale('tr;q=0.6, es;q=0.6')).toBe('tr');
    expect(negotiateLocale('zh-CN;q=0, ru;q=0.2')).toBe('ru');
    expect(negotiateLocale('uk-UA, ru-RU;q=0.9, en-US;q=0.8')).toBe('ru');
    expect(negotiateLocale('pt-PT;q=0.8, pt-BR;q=0.9')).toBe('pt-BR');
  });

  it('does not serve Simplified Chinese for Traditional: the next range decides', () => {
    expect(negotiateLocale('zh-TW')).toBe('en');
    expect(negotiateLocale('zh-Hant')).toBe('en');
    expect(negotiateLocale('zh-HK, zh;q=0.5')).toBe('zh-CN');
    expect(negotiateLocale('zh-Hant-TW, ja;q=0.9, en;q=0.8')).toBe('en');
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
    for (const locale of ['pt-BR', 'ru', 'es', 'pl', 'tr', 'zh-CN']) expect(isLocale(locale), locale).toBe(true);
    // The tag as we write it: a cookie or a saved value in another case is not one of ours.
    expect(isLocale('pt-br')).toBe(false);
    expect(isLocale('pt')).toBe(false);
    expect(isLocale('xx')).toBe(false);
    expect(isLocale('__proto__')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it('names every locale in itself', () => {
    expect(LOCALES).toEqual(['en', 'de', 'pt-BR', 'ru', 'es', 'pl', 'tr', 'zh-CN']);
    expect(Object.keys(LOCALE_NAMES).sort()).toEqual([...LOCALES].sort());
    expect(LOCALE_NAMES['pt-BR']).toBe('Português (Brasil)');
    expect(LOCALE_NAMES['zh-CN']).toBe('简体中文');
  });
});
