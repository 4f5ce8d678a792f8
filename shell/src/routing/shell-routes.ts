import type { RouteEntry } from '@outpost/contracts';

/**
 * Routes the shell owns itself. /admin is the staff landing page, and the Moderation menu
 * under which the moderation pages of the remotes hang (a route's `menu: 'admin'`, or a path
 * below /admin that names no other menu).
 */
export const SHELL_ROUTES: RouteEntry[] = [
  {
    name: 'admin',
    path: '/admin',
    title: 'All staff tools',
    navLabel: 'Moderation',
    description: 'Players, bans, notes, appeals, reports and logs',
    icon: 'shield',
    nav: true,
    topLevel: true,
    navGroup: 'staff',
    authRequired: true,
  },
  {
    name: 'search',
    path: '/search',
    title: 'Search',
    description: 'Players by name or SteamID, bans by player, reason or id, notes, servers, docs and commands',
    icon: 'search',
    searchable: false,
  },
  {
    // `pnpm demo` only (the API answers its commands only there): Discord's slash commands, simulated.
    name: 'discord-demo',
    path: '/demo/discord',
    title: 'Discord commands (demo)',
    description: 'Type a slash command as Demo moderator and see what Discord would show',
    searchable: false,
    authRequired: true,
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
