import { defineRemote, type PageLoader, type RemoteRoute } from '@outpost/host';
import { docsCatalogs } from './catalogs';
import { DOCS_PAGES, type DocsPageId } from './docs-pages';

/** The active locale's translated pages (a chunk of their own, so the manifest stays small). */
const translatedPages = () => import('./features/content/page-translations').then((m) => m.loadPageTranslations());

// Kept tiny on purpose: metadata and lazy loaders only; every page is its own chunk and the
// content (compiled from content/ by the build) ships inside the page chunks.

const PAGES: Record<DocsPageId, PageLoader> = {
  index: () => import('./pages/index-page'),
  commands: () => import('./pages/commands-page'),
  cvars: () => import('./pages/cvars-page'),
  maps: () => import('./pages/maps-page'),
  ftt: () => import('./pages/ftt-page'),
  extraplayers: () => import('./pages/extraplayers-page'),
  targetting: () => import('./pages/targetting-page'),
  notes: () => import('./pages/notes-page'),
  props: () => import('./pages/props-page'),
  rules: () => import('./pages/rules-page'),
  keybinds: () => import('./pages/keybinds-page'),
  tutorials: () => import('./pages/tutorials-page'),
};

function route(page: (typeof DOCS_PAGES)[number]): RemoteRoute {
  const path = page.route ? `/docs/${page.route}` : '/docs';
  return {
    name: page.id === 'index' ? 'docs' : `docs-${page.id}`,
    path,
    title: page.title,
    description: page.description,
    icon: 'book',
    nav: true,
    searchable: true,
    // The page's code, the docs' catalog and translated pages for the active locale arrive together.
    waitsForCatalogs: true,
    load: () => Promise.all([PAGES[page.id](), docsCatalogs.ready(), translatedPages()]).then(([module]) => module),
    ...('navLabel' in page ? { navLabel: page.navLabel, topLevel: true } : {}),
    ...(page.id === 'tutorials' ? { aliases: ['/docs/tutorial/:id?'] } : {}),
  };
}

/** Documentation for players and staff: commands, cvars, maps, trolls, rules and tutorials. */
export default defineRemote({ id: 'docs', routes: DOCS_PAGES.map(route) });
