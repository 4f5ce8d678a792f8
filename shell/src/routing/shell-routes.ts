import type { RouteEntry } from '@outpost/contracts';

/**
 * Routes the shell owns itself. /admin is the staff landing page and the parent
 * under which remotes hang their admin sections in the navbar.
 */
export const SHELL_ROUTES: RouteEntry[] = [
  {
    name: 'admin',
    path: '/admin',
    title: 'Admin',
    description: 'Staff tools for servers, players, bans, notes and logs',
    icon: 'shield',
    nav: true,
    topLevel: true,
    authRequired: true,
  },
  {
    name: 'search',
    path: '/search',
    title: 'Search',
    description: 'Search players, bans, notes, servers, docs and commands',
    icon: 'search',
    searchable: false,
  },
  {
    name: 'error',
    path: '/error',
    title: 'Error',
    description: 'Something went wrong',
    hideHero: false,
  },
];

export const NOT_FOUND_TITLE = '404 Not Found';
