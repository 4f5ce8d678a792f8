import fs from 'node:fs';
import path from 'node:path';
import { type DocsSearchEntry, docsSearchIndexSchema, type Tour, tourSchema } from '@outpost/contracts';

// The docs remote's build output the API reads: remotes/docs/dist/search-index.json and
// remotes/docs/dist/tours/<id>.json. Read from disk (cached by modification time), so a docs
// release published later is picked up without a restart.

export function docsDistOf(webRoot: string): string {
  return path.join(webRoot, 'remotes/docs/dist');
}

const cache = new Map<string, { mtimeMs: number; value: unknown }>();

/** A JSON file checked against its schema; null when missing or invalid (logged by the caller). */
function readChecked<T>(file: string, parse: (value: unknown) => T | null): T | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === stat.mtimeMs) return hit.value as T | null;
  let value: T | null = null;
  try {
    value = parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    value = null;
  }
  cache.set(file, { mtimeMs: stat.mtimeMs, value });
  return value;
}

export function readSearchIndex(webRoot: string): DocsSearchEntry[] {
  return (
    readChecked(path.join(docsDistOf(webRoot), 'search-index.json'), (v) => {
      const parsed = docsSearchIndexSchema.safeParse(v);
      return parsed.success ? parsed.data : null;
    }) ?? []
  );
}

/** The tour with this id (already checked against TOUR_ID_PATTERN by the route), or null. */
export function readTour(webRoot: string, id: string): Tour | null {
  return readChecked(path.join(docsDistOf(webRoot), 'tours', `${id}.json`), (v) => {
    const parsed = tourSchema.safeParse(v);
    return parsed.success && parsed.data.id === id ? parsed.data : null;
  });
}
