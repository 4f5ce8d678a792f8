import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '@outpost/contracts';

// A page carries the compiled messages its first screen draws with (issue 27): in a locale
// other than English the shell's, and in any locale the shell's first-load words' (shell-chrome)
// and those of the remote that owns the page. Their builds
// write them as dist/catalogs/<owner id>/<locale>.json (shared/build/page-catalogs-plugin.mjs);
// the shell's host reads the element before it would fetch a locale chunk
// (shared/host/src/i18n.ts, PAGE_CATALOGS_ELEMENT_ID), so a first load in German runs the same
// JavaScript as one in English and is drawn in German from its first frame.

/** The id of the JSON script element (shared/host/src/i18n.ts reads it). */
export const PAGE_CATALOGS_ELEMENT_ID = 'outpost-catalogs';
const CATALOGS_DIR = 'catalogs';
const OWNER_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** A catalog file larger than this stays out of the page (the chunk is fetched instead). */
const MAX_CATALOG_BYTES = 256 * 1024;

export interface PageCatalogs {
  locale: Locale;
  owners: Record<string, unknown>;
}

const parsed = new Map<string, { mtimeMs: number; messages: unknown }>();

/** One owner's compiled messages (read again whenever a build replaces the file); null: none. */
async function readCatalog(file: string): Promise<unknown> {
  try {
    const { mtimeMs, size } = await fs.promises.stat(file);
    if (size > MAX_CATALOG_BYTES) return null;
    const known = parsed.get(file);
    if (known?.mtimeMs === mtimeMs) return known.messages;
    const messages: unknown = JSON.parse(await fs.promises.readFile(file, 'utf8'));
    if (parsed.size > 500) parsed.clear();
    parsed.set(file, { mtimeMs, messages });
    return messages;
  } catch {
    return null;
  }
}

/**
 * The catalogs for a page in `locale` from the builds in `dirs` (the shell's dist, the owning
 * remote's): null when no build wrote any. In English only the owners whose English is not
 * bundled have a file: a remote's first-screen owners and the shell's first-load words
 * (shell-chrome); the rest of the shell's and the kit's English is bundled.
 */
export async function pageCatalogs(
  locale: Locale,
  dirs: readonly (string | null | undefined)[],
): Promise<PageCatalogs | null> {
  const owners: Record<string, unknown> = {};
  for (const dir of dirs) {
    if (!dir) continue;
    let ids: string[];
    try {
      ids = await fs.promises.readdir(path.join(dir, CATALOGS_DIR));
    } catch {
      continue;
    }
    for (const id of ids.filter((name) => OWNER_ID.test(name)).sort()) {
      const messages = await readCatalog(path.join(dir, CATALOGS_DIR, id, `${locale}.json`));
      if (messages && typeof messages === 'object' && !(id in owners)) owners[id] = messages;
    }
  }
  return Object.keys(owners).length > 0 ? { locale, owners } : null;
}
