import fs from 'node:fs';
import path from 'node:path';
import type { CompiledDocs } from './compile-content';

/**
 * Writes the compiled translations to `dir`, remotes/docs/.generated/<locale>.translations.json (not in git).
 * The pages import each locale's file lazily (features/content/page-translations.ts), so each
 * is a chunk of its own, fetched only by visitors of that locale; every locale gets a file (an
 * empty one when nothing is translated) so every import resolves.
 */
export function writeTranslationFiles(translations: CompiledDocs['translations'], dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const [locale, pages] of Object.entries(translations)) {
    const file = path.join(dir, `${locale}.translations.json`);
    const text = JSON.stringify(pages);
    // Unchanged files are left alone, so a watching build does not rebuild for nothing.
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
  }
}
