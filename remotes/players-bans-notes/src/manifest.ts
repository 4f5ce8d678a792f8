import { defineRemote } from '@outpost/host';
import { FIRST_BANS_PAGE } from './bans/first-page';
import { playersBansNotesCatalogs } from './catalogs';
import { LEADERBOARD_GROUPS } from './leaderboards/first-page';

// Kept tiny on purpose: metadata and lazy loaders only; every page is its own chunk. A page's
// code and the remote's catalog for the active locale arrive together (each loader awaits both).

/** Moderation: players, bans (and their appeals), notes and the audit/chat log. */
export default defineRemote({
  id: 'players-bans-notes',
  routes: [
    {
      name: 'players',
      menu: 'admin',
      navSection: 'Players',
      requiredPermission: 'players.view',
      path: '/admin/players',
      aliases: ['/admin/users'],
      title: 'Players',
      description: 'Every player seen on our servers or signed in',
      icon: 'users',
      nav: true,
      authRequired: true,
      searchable: true,
      // The page routes its modal below itself: :id, overview/:tab?, privileges, bans/:banid?, notes, warnings.
      nested: true,
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/players-page'), playersBansNotesCatalogs.ready()]).then(([module]) => module),
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
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/manage-user-page'), playersBansNotesCatalogs.ready()]).then(([module]) => module),
    },
    {
      name: 'admin-bans',
      menu: 'admin',
      navSection: 'Sanctions',
      requiredPermission: 'bans.create',
      path: '/admin/bans',
      title: 'Bans',
      description: 'Bans by SteamID or IP, with their history',
      icon: 'ban',
      nav: true,
      authRequired: true,
      searchable: true,
      // BansView's first call (no filters, the first page): fetched with the page's code.
      data: [FIRST_BANS_PAGE],
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/admin-bans-page'), playersBansNotesCatalogs.ready()]).then(([module]) => module),
    },
    {
      name: 'bans',
      path: '/bans',
      title: 'Bans',
      description: 'Players banned from our servers',
      icon: 'ban',
      nav: true,
      topLevel: true,
      data: [FIRST_BANS_PAGE],
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/public-bans-page'), playersBansNotesCatalogs.ready()]).then(([module]) => module),
    },
    {
      name: 'admin-appeals',
      menu: 'admin',
      navSection: 'Sanctions',
      requiredPermission: 'appeals.manage',
      path: '/admin/appeals',
      title: 'Ban Appeals',
      navLabel: 'Appeals',
      description: 'Players’ appeals of their bans and comm blocks, oldest first',
      icon: 'ban',
      nav: true,
      authRequired: true,
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/admin-appeals-page'), playersBansNotesCatalogs.ready()]).then(
          ([module]) => module,
        ),
    },
    {
      // The signed-in player's own appeals (a new one starts from their ban on /bans).
      name: 'my-appeals',
      path: '/bans/appeals',
      title: 'My Appeals',
      description: 'Your appeals of bans and comm blocks on your Steam account',
      icon: 'ban',
      nav: true,
      authRequired: true,
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/my-appeals-page'), playersBansNotesCatalogs.ready()]).then(([module]) => module),
    },
    {
      // One appeal: its player, or staff holding appeals.manage (the API decides which view).
      name: 'appeal',
      path: '/bans/appeals/:id',
      title: 'Appeal',
      description: 'An appeal of a ban and the conversation with staff',
      icon: 'ban',
      authRequired: true,
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/appeal-page'), playersBansNotesCatalogs.ready()]).then(([module]) => module),
    },
    {
      name: 'admin-notes',
      menu: 'admin',
      navSection: 'Sanctions',
      requiredPermission: 'notes.create',
      path: '/admin/notes',
      title: 'Notes',
      description: 'Notes staff keep on players',
      icon: 'note',
      nav: true,
      authRequired: true,
      searchable: true,
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/admin-notes-page'), playersBansNotesCatalogs.ready()]).then(([module]) => module),
    },
    {
      name: 'notes',
      path: '/notes',
      title: 'Notes',
      description: 'Public notes on players',
      icon: 'note',
      nav: true,
      topLevel: true,
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/public-notes-page'), playersBansNotesCatalogs.ready()]).then(([module]) => module),
    },
    {
      // Each server group's most played this week / month / all time (issue 28): public, like the
      // server list it ranks.
      name: 'leaderboards',
      path: '/leaderboards',
      title: 'Leaderboards',
      description: 'Who played most on our servers this week, this month and all time',
      icon: 'users',
      nav: true,
      topLevel: true,
      // The groups come first (the first group's board is shown): fetched with the page's code.
      data: [LEADERBOARD_GROUPS],
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/leaderboards-page'), playersBansNotesCatalogs.ready()]).then(([module]) => module),
    },
    {
      // Anyone signed in reports a player (from a player's row: ?steamid=).
      name: 'report-player',
      path: '/reports/new',
      title: 'Report a player',
      navLabel: 'Report a player',
      description: 'Tell staff about a cheater, griefer or abuser',
      icon: 'shield',
      nav: true,
      // In the Bans menu, beside the player's own appeals: the top row keeps to the site's pages.
      menu: 'bans',
      authRequired: true,
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/new-report-page'), playersBansNotesCatalogs.ready()]).then(([module]) => module),
    },
    {
      name: 'admin-reports',
      menu: 'admin',
      navSection: 'Players',
      requiredPermission: 'reports.manage',
      path: '/admin/reports',
      title: 'Player reports',
      navLabel: 'Reports',
      description: 'Reports from players, grouped by the player reported',
      icon: 'shield',
      nav: true,
      authRequired: true,
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/admin-reports-page'), playersBansNotesCatalogs.ready()]).then(
          ([module]) => module,
        ),
    },
    {
      name: 'audit',
      menu: 'admin',
      navSection: 'Logs',
      requiredPermission: 'logs.view',
      path: '/admin/audit/:aroundId?',
      title: 'Activity Log',
      navLabel: 'Audit Log',
      description: 'Staff actions and in-game chat',
      icon: 'log',
      nav: true,
      authRequired: true,
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/audit-page'), playersBansNotesCatalogs.ready()]).then(([module]) => module),
    },
  ],
});
