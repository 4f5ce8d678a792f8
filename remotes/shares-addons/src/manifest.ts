import { defineRemote } from '@outpost/host';
import { sharesAddonsCatalogs } from './catalogs';

/** Addon shares: uploads, Workshop downloads and collections. */
export default defineRemote({
  id: 'shares-addons',
  routes: [
    {
      name: 'shares',
      path: '/admin/shares',
      title: 'Shares',
      description: 'Addon shares, Workshop downloads and collections',
      icon: 'share',
      nav: true,
      topLevel: true,
      navGroup: 'staff',
      authRequired: true,
      searchable: true,
      requiredPermission: 'shares.view',
      // /admin/shares/:shareId/:viewMode and its modal children (upload, workshop-download/:url?,
      // collections/:collection/:title?, :addon) are routed by the page.
      nested: true,
      // The page's code and the remote's catalog for the active locale arrive together.
      waitsForCatalogs: true,
      load: () => Promise.all([import('./pages/shares-page'), sharesAddonsCatalogs.ready()]).then(([module]) => module),
    },
  ],
});
