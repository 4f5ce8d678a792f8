import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogCompleteness, sumCompleteness } from './catalog-completeness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dir;
const locales = (files) => {
  dir = mkdtempSync(path.join(tmpdir(), 'outpost-catalogs-'));
  mkdirSync(path.join(dir, 'locales'));
  for (const [name, messages] of Object.entries(files))
    writeFileSync(path.join(dir, 'locales', name), JSON.stringify(messages));
  return path.join(dir, 'locales');
};
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe('catalogCompleteness', () => {
  it('counts, per locale, the English keys it gives a message: not empty ones, not keys English lacks', () => {
    const folder = locales({
      'en.json': { 'x.a': 'A', 'x.b': 'B', 'x.c': 'C', 'x.d': 'D' },
      'de.json': { 'x.a': 'A', 'x.b': 'B', 'x.c': 'C', 'x.d': 'D' },
      'ru.json': { 'x.a': 'А', 'x.b': ' ', 'x.old': 'старый' },
      'pt-BR.json': {},
      'notes.txt': 'not a catalog',
    });
    expect(catalogCompleteness(folder)).toEqual({ keys: 4, translated: { de: 4, 'pt-BR': 0, ru: 1 } });
  });

  it('is null for a remote without an English catalog', () => {
    expect(catalogCompleteness(locales({ 'de.json': { 'x.a': 'A' } }))).toBeNull();
    expect(catalogCompleteness(path.join(tmpdir(), 'outpost-no-such-folder'))).toBeNull();
  });

  it("counts the panel's real catalogs: every locale, none over the English count", () => {
    const counts = catalogCompleteness(path.join(root, 'remotes/panel/locales'));
    expect(Object.keys(counts.translated).sort()).toEqual(['de', 'es', 'pl', 'pt-BR', 'ru', 'tr', 'zh-CN']);
    for (const count of Object.values(counts.translated)) expect(count).toBeLessThanOrEqual(counts.keys);
  });
});

describe('sumCompleteness', () => {
  it("adds up a remote's catalog folders (its own and its other owners'), a locale one lacks counting 0", () => {
    expect(
      sumCompleteness([{ keys: 4, translated: { de: 4, ru: 1 } }, null, { keys: 2, translated: { de: 2, pl: 2 } }]),
    ).toEqual({ keys: 6, translated: { de: 6, pl: 2, ru: 1 } });
    expect(sumCompleteness([null])).toBeNull();
  });
});
