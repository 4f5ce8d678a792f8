import { accessibilityTests } from '../support/a11y';

// Every shell page in the route table: axe finds nothing serious or critical, light and
// dark, signed out and signed in, and at 360 px wide nothing scrolls sideways.
accessibilityTests('shell', [
  '/admin',
  '/search?q=coop',
  '/error?return=%2F&error=Something%20broke&code=500',
  '/no/such/page',
]);
