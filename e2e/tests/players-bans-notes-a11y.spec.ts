import { accessibilityTests } from '../support/a11y';

// Every players-bans-notes page in the route table: axe finds nothing serious or critical, light and
// dark, signed out and signed in, and at 360 px wide nothing scrolls sideways.
/** The signed-in staff member's own profile is the player page checked. */
const AXE_STAFF_STEAMID = '76561197960265800';
accessibilityTests(
  'players-bans-notes',
  [
    '/admin/players',
    `/admin/players/${AXE_STAFF_STEAMID}/overview`,
    '/admin/bans',
    '/bans',
    '/admin/appeals',
    '/bans/appeals',
    '/admin/notes',
    '/notes',
    '/leaderboards',
    '/admin/audit',
  ],
  { steamid: AXE_STAFF_STEAMID },
);
