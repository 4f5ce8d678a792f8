import { defineRemote } from '@outpost/host';
import { notBuiltYetPage } from '@outpost/ui';

const bansPage = notBuiltYetPage('Bans');
const notesPage = notBuiltYetPage('Notes');

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
      nested: true,
      load: notBuiltYetPage('Players'),
    },
    {
      name: 'admin-bans',
      path: '/admin/bans',
      title: 'Bans',
      description: 'Bans by SteamID or IP, with their history',
      icon: 'ban',
      nav: true,
      searchable: true,
      load: bansPage,
    },
    {
      name: 'bans',
      path: '/bans',
      title: 'Bans',
      description: 'Players banned from our servers',
      icon: 'ban',
      nav: true,
      topLevel: true,
      load: bansPage,
    },
    {
      name: 'admin-notes',
      path: '/admin/notes',
      title: 'Notes',
      description: 'Notes staff keep on players',
      icon: 'note',
      nav: true,
      searchable: true,
      load: notesPage,
    },
    {
      name: 'notes',
      path: '/notes',
      title: 'Notes',
      description: 'Public notes on players',
      icon: 'note',
      load: notesPage,
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
      load: notBuiltYetPage('Activity Log'),
    },
  ],
});
