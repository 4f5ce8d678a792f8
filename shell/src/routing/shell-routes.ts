import type { RouteEntry } from '@outpost/contracts';
import { i18n } from '@outpost/host';

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

const WORDS = ['title', 'navLabel', 'description'] as const;

/**
 * SHELL_ROUTES with their words in the active locale: shell.chrome.routes.<name>.<field>, from the
 * shell's first-load words (../chrome), which every page carries. A remote's route words come
 * translated in its route table (the server's); the shell's routes are in its code. Until those
 * words are in (a static host's first frames), the English here.
 */
export function shellRoutes(): RouteEntry[] {
  const messages = i18n.messages;
  return SHELL_ROUTES.map((route) => {
    const worded = { ...route };
    for (const field of WORDS) {
      const id = `shell.chrome.routes.${route.name}.${field}`;
      if (route[field] !== undefined && messages[id]) worded[field] = i18n._(id);
    }
    return worded;
  });
}
