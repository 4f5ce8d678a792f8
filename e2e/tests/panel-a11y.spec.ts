import { accessibilityTests } from '../support/a11y';

// Every panel page in the route table: axe finds nothing serious or critical, light and
// dark, signed out and signed in, and at 360 px wide nothing scrolls sideways.
accessibilityTests('panel', [
  '/panel/dashboard',
  '/panel/remotes',
  '/panel/webhooks',
  '/panel/first-time-setup',
  '/panel/setup-guide',
  '/panel/imports',
  '/panel/federation',
  '/panel/federation/review',
]);
