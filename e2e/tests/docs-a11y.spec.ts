import { accessibilityTests } from '../support/a11y';

// Every docs page in the route table: axe finds nothing serious or critical, light and
// dark, signed out and signed in, and at 360 px wide nothing scrolls sideways.
accessibilityTests('docs', [
  '/docs',
  '/docs/commands',
  '/docs/cvars',
  '/docs/maps',
  '/docs/ftt',
  '/docs/extraplayers',
  '/docs/targetting',
  '/docs/notes',
  '/docs/props',
  '/docs/rules',
  '/docs/keybinds',
  '/docs/tutorials',
]);
