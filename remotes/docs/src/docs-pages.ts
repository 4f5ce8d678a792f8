/** The docs routes (SPEC 2) by page id; 'index' is /docs itself. Each has a content/pages/<id>.md. */
export const DOCS_PAGE_IDS = [
  'index',
  'commands',
  'cvars',
  'maps',
  'ftt',
  'extraplayers',
  'targetting',
  'notes',
  'props',
  'rules',
  'keybinds',
  'tutorials',
] as const;
export type DocsPageId = (typeof DOCS_PAGE_IDS)[number];

export function docsPageLink(id: string): string {
  return id === 'index' ? '/docs' : `/docs/${id}`;
}
