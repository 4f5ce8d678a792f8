import { defineRemote, type RemoteRoute } from '@outpost/host';

// The dashboard's sections as routes of their own, so the Panel menu links each one. Plain data
// here (the manifest stays tiny); dashboard-view.tsx draws them (its test holds the two lists equal).
export const DASHBOARD_SECTIONS = [
  { id: 'settings', title: 'Site settings', code: 'panel.settings', description: 'Notice, links, sign-in and secrets' },
  { id: 'roles', title: 'Roles', code: 'panel.roles', description: 'Who holds which permission' },
  { id: 'game-servers', title: 'Game servers', code: 'servers.tokens', description: 'Plugin tokens and game admins' },
  { id: 'announcements', title: 'Announcements', code: 'panel.announce', description: 'Messages to every player' },
  { id: 'alerts', title: 'Alerts', code: 'panel.alerts', description: 'When staff hear about trouble' },
  { id: 'health', title: 'Health', code: 'panel.view', description: 'Uptime, load and the database' },
].map((section) => ({ ...section, navSection: 'Site' }));

/** Panel administration: the dashboard, remote releases, Discord webhooks, the first-time setup wizard and the setup guide. */
export default defineRemote({
  id: 'panel',
  routes: [
    {
      name: 'panel-dashboard',
      path: '/panel/dashboard',
      title: 'Dashboard',
      navLabel: 'Panel',
      description: 'Panel administration',
      icon: 'gauge',
      nav: true,
      topLevel: true,
      navGroup: 'staff',
      // The Panel menu lists each section (below); the dashboard is the first one the user holds.
      menuOnly: true,
      authRequired: true,
      requiredPermission: 'panel.view',
      load: () => import('./pages/dashboard-page'),
    },
    ...DASHBOARD_SECTIONS.map(
      ({ id, title, description, code, navSection }): RemoteRoute => ({
        name: `panel-${id}`,
        path: `/panel/${id}`,
        title,
        description,
        icon: 'gauge',
        nav: true,
        menu: 'panel-dashboard',
        navSection,
        authRequired: true,
        requiredPermission: code,
        load: () => import('./pages/dashboard-page'),
      }),
    ),
    {
      name: 'panel-remotes',
      path: '/panel/remotes',
      title: 'Remotes',
      description: 'Releases of each section: activate, roll back, try one in your browser',
      icon: 'share',
      nav: true,
      menu: 'panel-dashboard',
      navSection: 'Delivery',
      authRequired: true,
      requiredPermission: 'remotes.publish',
      load: () => import('./pages/remotes-page'),
    },
    {
      name: 'panel-webhooks',
      path: '/panel/webhooks',
      title: 'Webhooks',
      description: 'Discord webhooks: what each channel hears about, deliveries and test messages',
      icon: 'share',
      nav: true,
      menu: 'panel-dashboard',
      navSection: 'Delivery',
      authRequired: true,
      requiredPermission: 'webhooks.manage',
      load: () => import('./pages/webhooks-page'),
    },
    {
      name: 'panel-first-time-setup',
      path: '/panel/first-time-setup',
      title: 'First Time Setup',
      description: 'Become the owner of this Outpost',
      icon: 'wand',
      authRequired: true,
      hideNav: true,
      load: () => import('./pages/first-time-setup-page'),
    },
    {
      name: 'panel-setup-guide',
      path: '/panel/setup-guide',
      title: 'Set up your site',
      description: 'The steps after becoming the owner, each skippable',
      icon: 'wand',
      nav: true,
      authRequired: true,
      requiredPermission: 'panel.settings',
      load: () => import('./pages/setup-guide-page'),
    },
  ],
});
