import { defineRemote } from '@outpost/host';

/**
 * A staff page's code and the remote's catalog for the active locale, arriving together. The
 * catalogs' registry is itself fetched here, not imported: this module is on every first load
 * of `/`, whose budget has no room for it (the overview's words are its own, see overview-page).
 */
const withCatalogs = <T>(page: Promise<T>): Promise<T> =>
  Promise.all([
    page,
    // The overview's too: staff pages show a server's status, tags and history in its words.
    import('./catalogs').then((catalogs) => catalogs.staffWordsReady()),
    // `loaded[0]`, not `([module]) => module`: the build writes a destructuring out in full, and
    // this module is on every first load of `/` (with staffWordsReady, it pays for the routes'
    // `waitsForCatalogs`).
  ]).then((loaded) => loaded[0]);

/** The servers remote: the public overview and everything staff use to run servers. */
export default defineRemote({
  id: 'servers',
  routes: [
    {
      name: 'overview',
      path: '/',
      title: 'Servers',
      navLabel: 'Servers',
      description: 'Live overview of our game servers: players, maps and how to connect',
      icon: 'server',
      nav: true,
      topLevel: true,
      searchable: true,
      // useServerGroups' first call: fetched with the page's code (see the contract's `data`).
      data: ['/api/servers'],
      // The page's words are in the page the server sent (or fetched with its code:
      // features/overview/catalogs.ts): no English chunk of them preloaded with `/`.
      load: () => import('./pages/overview-page').then((page) => page.overviewWords.ready().then(() => page)),
    },
    {
      name: 'servers-v2',
      requiredPermission: 'servers.manage',
      path: '/admin/servers',
      title: 'Servers',
      navLabel: 'Servers admin',
      description: 'Manage server groups, servers and their actions',
      icon: 'server',
      tag: 'BETA',
      nav: true,
      topLevel: true,
      navGroup: 'staff',
      authRequired: true,
      searchable: true,
      waitsForCatalogs: true,
      load: () => withCatalogs(import('./pages/servers-admin-page')),
    },
    {
      name: 'server-group',
      requiredPermission: 'servers.manage',
      path: '/admin/servers/:groupId',
      title: 'Server Group',
      description: 'Servers of one group',
      icon: 'server',
      authRequired: true,
      prevRoute: { to: '/admin/servers', label: 'All groups' },
      waitsForCatalogs: true,
      load: () => withCatalogs(import('./pages/group-admin-page')),
    },
    {
      name: 'server-view',
      requiredPermission: 'servers.manage',
      path: '/admin/servers/:groupId/:serverId',
      title: 'Server',
      description: 'Live players, map, actions and recent activity',
      icon: 'server',
      authRequired: true,
      waitsForCatalogs: true,
      load: () => withCatalogs(import('./pages/server-admin-page')),
    },
    {
      name: 'servers-legacy',
      requiredPermission: 'servers.manage',
      path: '/admin/servers-legacy',
      title: 'Servers (legacy)',
      description: 'The classic server management view',
      icon: 'server',
      nav: true,
      menu: 'servers-v2',
      authRequired: true,
      waitsForCatalogs: true,
      load: () => withCatalogs(import('./pages/servers-legacy-page')),
    },
    {
      name: 'create-server',
      requiredPermission: 'servers.manage',
      path: '/admin/create-server',
      title: 'Create Server',
      description: 'Add a custom server and check that it answers',
      icon: 'plus',
      nav: true,
      menu: 'servers-v2',
      authRequired: true,
      waitsForCatalogs: true,
      load: () => withCatalogs(import('./pages/create-server-page')),
    },
    {
      name: 'links',
      path: '/links',
      title: 'Links',
      description: 'Stats, Steam group and Discord',
      icon: 'link',
      nav: true,
      // In the Docs menu's Community section: the top row keeps to the site's pages.
      menu: 'docs',
      navSection: 'Community',
      waitsForCatalogs: true,
      load: () => withCatalogs(import('./pages/links-page')),
    },
    {
      name: 'links-stats',
      link: 'stats',
      path: '/links/stats',
      title: 'Stats',
      description: 'Player statistics',
      icon: 'external',
      nav: true,
      menu: 'docs',
      navSection: 'Community',
      external: true,
      redirect: '/api/links/stats',
    },
    {
      name: 'links-extended-stats',
      link: 'extended-stats',
      path: '/links/extended-stats',
      title: 'Extended Stats',
      description: 'Extended player statistics',
      icon: 'external',
      nav: true,
      menu: 'docs',
      navSection: 'Community',
      external: true,
      redirect: '/api/links/extended-stats',
    },
    {
      name: 'links-steam-group',
      link: 'steam-group',
      path: '/links/steam-group',
      title: 'Steam Group',
      description: 'Join our Steam group',
      icon: 'external',
      nav: true,
      menu: 'docs',
      navSection: 'Community',
      external: true,
      redirect: '/api/links/steam-group',
    },
    {
      name: 'links-discord',
      link: 'discord',
      path: '/links/discord',
      title: 'Discord',
      description: 'Join our Discord server',
      icon: 'chat',
      nav: true,
      menu: 'docs',
      navSection: 'Community',
      external: true,
      redirect: '/api/admins/discord',
    },
  ],
});
