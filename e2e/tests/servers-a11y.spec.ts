import { accessibilityTests } from '../support/a11y';

// Every servers page in the route table: axe finds nothing serious or critical, light and
// dark, signed out and signed in, and at 360 px wide nothing scrolls sideways.
accessibilityTests('servers', [
  '/',
  '/admin/servers',
  '/admin/servers/coop',
  '/admin/servers/coop/coop-1',
  '/admin/servers-legacy',
  '/admin/create-server',
  '/links',
]);
