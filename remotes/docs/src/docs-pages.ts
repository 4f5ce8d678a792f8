// The docs routes (SPEC 2): one page each, its text in content/pages/<id>.md. Titles and
// descriptions are route metadata (nav, hero, document title, search), so they live here,
// where the manifest and the content build both read them.

export interface DocsPageInfo {
  id: string;
  /** The route path below /docs (empty for /docs itself), with its parameters. */
  route: string;
  title: string;
  description: string;
  navLabel?: string;
}

export const DOCS_PAGES = [
  {
    id: 'index',
    route: '',
    title: 'Documentation',
    description: 'How to play and moderate on our Left 4 Dead 2 servers',
    navLabel: 'Docs',
  },
  {
    id: 'commands',
    route: 'commands/:command?',
    title: 'Commands',
    description: 'Chat and console commands with their arguments and the admin flag they need',
  },
  { id: 'cvars', route: 'cvars', title: 'Cvars', description: 'Console variables of the game and our plugins' },
  { id: 'maps', route: 'maps', title: 'Maps', description: 'The official campaigns and how to change the map' },
  {
    id: 'ftt',
    route: 'ftt',
    title: 'Feed The Trolls',
    description: 'The troll toolkit staff use against griefers, and its troll catalogue',
  },
  {
    id: 'extraplayers',
    route: 'extraplayers',
    title: 'Extra Players',
    description: 'How our 5+ player co-op servers work',
  },
  {
    id: 'targetting',
    route: 'targetting',
    title: 'Targetting',
    description: 'How to aim a command at players: names, user ids and selectors',
  },
  {
    id: 'notes',
    route: 'notes',
    title: 'Player Notes',
    description: 'How player notes work, including notes that act automatically',
  },
  {
    id: 'props',
    route: 'props',
    title: 'Props',
    description: 'Props you can carry and throw, and the ones staff can spawn',
  },
  { id: 'rules', route: 'rules', title: 'Rules', description: 'What we expect from everyone who plays here' },
  {
    id: 'keybinds',
    route: 'keybinds',
    title: 'Keybinds',
    description: 'Binds that make playing and moderating easier',
  },
  {
    id: 'tutorials',
    route: 'tutorials/:id?',
    title: 'Tutorials',
    description: 'Step-by-step guides, some with a guided tour of the site',
  },
] as const satisfies readonly DocsPageInfo[];

export type DocsPageId = (typeof DOCS_PAGES)[number]['id'];
export const DOCS_PAGE_IDS: readonly DocsPageId[] = DOCS_PAGES.map((page) => page.id);

export function docsPageLink(id: string): string {
  return id === 'index' ? '/docs' : `/docs/${id}`;
}
