import { isLocale, type Locale } from '@outpost/contracts';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import pl from '../locales/pl.json';
import ptBR from '../locales/pt-BR.json';
import ru from '../locales/ru.json';
import tr from '../locales/tr.json';
import zhCN from '../locales/zh-CN.json';
import { requestPartWord } from './validation-words';

// The API's error messages in the caller's language (issue 27 item 4). A catalog maps an
// English message, or a pattern of one with {placeholders}, to its translation; error codes
// never change. A message no catalog knows stays English (per message, like the front end's
// per-key fallback), so a new error is never lost for want of a translation.

export type ErrorCatalog = Record<string, string>;

/** English patterns, the keys every other catalog translates (each value is its key). */
export const ENGLISH_ERRORS: ErrorCatalog = en;

/** Every locale's catalog: a locale without one (English) answers as thrown. */
export const ERROR_CATALOGS: Partial<Record<Locale | string, ErrorCatalog>> = {
  de,
  es,
  pl,
  'pt-BR': ptBR,
  ru,
  tr,
  'zh-CN': zhCN,
};

const PLACEHOLDER = /\{(\w+)\}/g;

interface Pattern {
  match: RegExp;
  names: string[];
  english: string;
}

/** The English keys with placeholders, as anchored expressions, the most literal text first. */
const patterns: Pattern[] = Object.keys(ENGLISH_ERRORS)
  .filter((key) => key.includes('{'))
  .map((english) => {
    const names = [...english.matchAll(PLACEHOLDER)].map((found) => found[1] as string);
    const literal = english.split(PLACEHOLDER).filter((_, i) => i % 2 === 0);
    const source = literal.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)');
    return { match: new RegExp(`^${source}$`, 's'), names, english };
  })
  .sort((a, b) => b.english.replace(PLACEHOLDER, '').length - a.english.replace(PLACEHOLDER, '').length);

/** The placeholders a message pattern names, in order (a translation must keep the same set). */
export function placeholdersOf(pattern: string): string[] {
  return [...pattern.matchAll(PLACEHOLDER)].map((found) => found[1] as string).sort();
}

/** `message` in `locale`: its catalog's translation, else the message unchanged. */
export function translateError(message: string, locale: string): string {
  const catalog = ERROR_CATALOGS[locale];
  if (!catalog) return message;
  const exact = catalog[message];
  if (exact !== undefined) return exact;
  for (const pattern of patterns) {
    const found = pattern.match.exec(message);
    if (!found) continue;
    const translated = catalog[pattern.english];
    if (translated === undefined) continue;
    const values = new Map(pattern.names.map((name, i) => [name, found[i + 1] as string]));
    return translated.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values.get(name);
      if (value === undefined) return whole;
      // A validation failure's detail is the contract's own sentence ('Give a reason'), and its
      // part the validator's name for where it is ('body'): in the caller's language too. Only
      // those: names, paths and ids stay as they are.
      if (name === 'detail') return translateError(value, locale);
      return name === 'part' && isLocale(locale) ? requestPartWord(value, locale) : value;
    });
  }
  return message;
}
