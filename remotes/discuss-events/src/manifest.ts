import { defineRemote } from '@outpost/host';
import { discussEventsCatalogs } from './catalogs';

/** Community discussions and events. */
export default defineRemote({
  id: 'discuss-events',
  routes: [
    {
      name: 'discuss',
      requiredPermission: 'discuss.use',
      path: '/discuss',
      title: 'Discussions',
      navLabel: 'Discuss',
      // SPEC 3 openDiscussions: open threads with activity the user has not read.
      badge: 'openDiscussions',
      description: 'Staff discussions',
      icon: 'chat',
      nav: true,
      topLevel: true,
      authRequired: true,
      // list, new, :id/edit, :id/:title? are routed by the page.
      nested: true,
      // The page's code and the remote's catalog for the active locale arrive together.
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/discuss-page'), discussEventsCatalogs.ready()]).then(([module]) => module),
    },
    {
      name: 'events',
      path: '/events',
      title: 'Events',
      description: 'Community events',
      icon: 'calendar',
      nav: true,
      topLevel: true,
      authRequired: true,
      // :id/:title? is routed by the page.
      nested: true,
      waitsForCatalogs: true,
      load: () =>
        Promise.all([import('./pages/events-page'), discussEventsCatalogs.ready()]).then(([module]) => module),
    },
  ],
});
