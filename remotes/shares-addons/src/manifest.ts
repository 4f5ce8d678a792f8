import { defineRemote } from '@outpost/host';
import { notBuiltYetPage } from '@outpost/ui';

/** Addon shares: uploads, Workshop downloads and collections. */
export default defineRemote({
  id: 'shares-addons',
  routes: [
    {
      name: 'shares',
      requiredPermission: 'shares.manage',
      path: '/admin/shares',
      title: 'Shares',
      description: 'Addon shares, Workshop downloads and collections',
      icon: 'share',
      nav: true,
      authRequired: true,
      searchable: true,
      // /admin/shares/:shareId/:viewMode and its modal children are routed by the page.
      nested: true,
      load: notBuiltYetPage('Shares'),
    },
  ],
});
