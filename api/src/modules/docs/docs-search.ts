import type { DocsSearchEntry, SearchHit } from '@outpost/contracts';

// Ranks docs pages and commands with the same scale as the other kinds of the global search:
// an exact title 100 for a command name (it is an id), 80 for a page title; a title prefix 60;
// a title or subtitle substring 40; a word of the text 30.

const PER_KIND = 10;

function score(entry: DocsSearchEntry, q: string): number {
  const title = entry.title.toLowerCase();
  if (title === q || (entry.kind === 'command' && title === `sm_${q}`)) return entry.kind === 'command' ? 100 : 80;
  if (title.startsWith(q) || (entry.kind === 'command' && title.startsWith(`sm_${q}`))) return 60;
  if (title.includes(q) || (entry.subtitle ?? '').toLowerCase().includes(q)) return 40;
  if (entry.text.toLowerCase().includes(q)) return 30;
  return 0;
}

export function searchDocsIndex(index: readonly DocsSearchEntry[], rawQuery: string): SearchHit[] {
  const q = rawQuery.trim().toLowerCase().replace(/^[!/]/, '');
  if (!q) return [];
  return index
    .map((entry) => ({ entry, score: score(entry, q) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.entry.title.localeCompare(b.entry.title))
    .slice(0, PER_KIND * 2)
    .map(({ entry, score }) => ({
      kind: entry.kind,
      id: entry.id,
      title: entry.title,
      subtitle: entry.subtitle,
      steamid: null,
      link: entry.link,
      score,
    }));
}
