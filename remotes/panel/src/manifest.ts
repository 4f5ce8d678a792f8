import { defineRemote } from '@outpost/host';

/** Panel administration: the dashboard, remote releases, Discord webhooks and the first-time setup wizard. */
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
      authRequired: true,
      requiredPermission: 'panel.view',
      load: () => import('./pages/dashboard-page'),
    },
    {
      name: 'panel-remotes',
      path: '/panel/remotes',
      title: 'Remotes',
      description: 'Releases of each section: activate, roll back, try one in your browser',
      icon: 'share',
      nav: true,
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
  ],
});
