import { defineRemote } from '@outpost/host';

// Kept tiny on purpose: metadata and lazy loaders only; every page is its own chunk.

/** Moderation: players, bans, notes and the audit/chat log. */
export default defineRemote({
  id: 'players-bans-notes',
  routes: [
    {
      name: 'players',
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
      name: 'admin-bans',
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
      load: () => import('./pages/public-notes-page'),
    },
    {
      name: 'audit',
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
