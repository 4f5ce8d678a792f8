// The three accounts the demo sign-in offers. Each is a real account (seeded through the
// accounts module) with a real role, reached by signing in through the demo OpenID provider.

export type DemoAccountKey = 'owner' | 'moderator' | 'member';

export interface DemoAccount {
  key: DemoAccountKey;
  /** What the sign-in page's button says. */
  label: string;
  /** The account's display name inside Outpost. */
  name: string;
  /** A SteamID64 in the individual-account range, never a real Steam user's on purpose. */
  steamId: string;
  /** One line on the sign-in page: what this account may do. */
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'owner',
    label: 'Demo owner',
    name: 'Demo Owner',
    steamId: '76561197960265729',
    description: 'Everything: panel, roles, servers, shares, moderation.',
  },
  {
    key: 'moderator',
    label: 'Demo moderator',
    name: 'Demo Moderator',
    steamId: '76561197960265730',
    description: 'Players, bans, comm blocks, notes and the log.',
  },
  {
    key: 'member',
    label: 'Demo member',
    name: 'Demo Member',
    steamId: '76561197960265731',
    description: 'A signed-in member: discussions, events and their own profile.',
  },
];

export function demoAccount(key: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((account) => account.key === key);
}
