import { defineRemote } from '@outpost/host';

// Kept tiny on purpose: metadata and lazy loaders only; every page is its own chunk.

/** Moderation: players, bans, notes and the audit/chat log. */
export default defineRemote({
  id: 'players-bans-notes',
  routes: [
    {
      name: 'players',
      requiredPermission: 'players.view',
      path: '/admin/players',
      aliases: ['/admin/users'],
      title: 'Players',
      description: 'Every player seen on our servers or signed in',
      icon: 'users',
      nav: true,
      authRequired: true,
      searchable: true,
      // The page routes its modal below itself: :id, overview/:tab?, privileges, bans/:banid?, notes.
      nested: true,
      load: () => import('./pages/players-page'),
    },
    {
      // One player (the manage-user route): open to players.view, and to everyone for their own
      // profile (the user menu's Profile link); the page shows the access card otherwise.
      name: 'manage-user',
      path: '/admin/players/:id',
      aliases: ['/admin/users/:id'],
      title: 'Player',
      description: 'A player, their bans, notes and privileges',
      icon: 'users',
      authRequired: true,
      nested: true,
      load: () => import('./pages/manage-user-page'),
    },
    {
      name: 'admin-bans',
      requiredPermission: 'bans.create',
      path: '/admin/bans',
      title: 'Bans',
      description: 'Bans by SteamID or IP, with their history',
      icon: 'ban',
      nav: true,
      authRequired: true,
      searchable: true,
      load: () => import('./pages/admin-bans-page'),
    },
    {
      name: 'bans',
      path: '/bans',
      title: 'Bans',
      description: 'Players banned from our servers',
      icon: 'ban',
      nav: true,
      topLevel: true,
      load: () => import('./pages/public-bans-page'),
    },
    {
      name: 'admin-notes',
      requiredPermission: 'notes.create',
      path: '/admin/notes',
      title: 'Notes',
      description: 'Notes staff keep on players',
      icon: 'note',
      nav: true,
      authRequired: true,
      searchable: true,
      load: () => import('./pages/admin-notes-page'),
    },
    {
      name: 'notes',
      path: '/notes',
      title: 'Notes',
      description: 'Public notes on players',
      icon: 'note',
      nav: true,
      topLevel: true,
      load: () => import('./pages/public-notes-page'),
    },
    {
      name: 'audit',
      requiredPermission: 'logs.view',
      path: '/admin/audit/:aroundId?',
      title: 'Activity Log',
      navLabel: 'Audit Log',
      description: 'Staff actions and in-game chat',
      icon: 'log',
      nav: true,
      authRequired: true,
      load: () => import('./pages/audit-page'),
    },
  ],
});
