import type { DocsContent, DocsSearchEntry } from '@outpost/contracts';
import { docsPageLink } from '../docs-pages';

/** Markdown as the words a reader sees, for matching only (never rendered). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`|~-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What the API's search reads: every docs page, tutorial and command, with their words. */
export function buildSearchIndex(content: DocsContent): DocsSearchEntry[] {
  const tableText = (page: string) =>
    content.tables
      .filter((table) => table.page === page)
      .flatMap((table) => [table.title, ...table.rows.flatMap((row) => Object.values(row))])
      .join(' ');
  const pages = content.pages.map((page) => ({
    kind: 'doc' as const,
    id: page.id,
    title: page.title,
    subtitle: page.description,
    link: docsPageLink(page.id),
    text: `${plainText(page.markdown)} ${tableText(page.id)}`.trim(),
  }));
  const tutorials = content.tutorials.map((tutorial) => ({
    kind: 'doc' as const,
    id: `tutorials/${tutorial.id}`,
    title: tutorial.title,
    subtitle: tutorial.description,
    link: `/docs/tutorials/${tutorial.id}`,
    text: plainText(tutorial.markdown),
  }));
  const commands = content.commands.map((command) => ({
    kind: 'command' as const,
    id: command.name,
    title: command.name,
    subtitle: command.description,
    link: `/docs/commands/${command.name}`,
    text: `${command.usage} ${command.plugin}`,
  }));
  return [...pages, ...tutorials, ...commands];
}
