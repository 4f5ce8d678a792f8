import { panelSettingsSchema, serverGroupsResponseSchema } from '@outpost/contracts';
import { useLoad } from '@outpost/host';
import { ButtonLink, Card, RemoteRoot, Tag, Toolbar } from '@outpost/ui';
import type { ReactNode } from 'react';
import { CredentialTest } from '../dashboard/credential-test';

/**
 * /panel/setup-guide (issue 24 item 2): what a new owner sets up, in order, each step done where
 * it lives in the panel (so it stays reachable later) and each skippable: a step is only a
 * pointer with its current state, never a gate. Reached from first-time setup's last card.
 */

interface Step {
  title: string;
  state: 'done' | 'todo' | 'optional';
  what: ReactNode;
  href?: string;
  action?: string;
  /** A check to run from here before (or after) setting it up. */
  test?: ReactNode;
}

const STATE_TAG = {
  done: <Tag tone="success">done</Tag>,
  todo: <Tag tone="warning">to do</Tag>,
  optional: <Tag tone="muted">optional</Tag>,
} as const;

export function setupSteps(
  settings: {
    effectiveDomain: string;
    domain: string;
    secrets: { steamApiKey: { set: boolean } };
    signIn: { discord: { configured: boolean } };
  } | null,
  groups: Array<{ servers: unknown[] }> | null,
): Step[] {
  const servers = groups?.reduce((sum, group) => sum + group.servers.length, 0) ?? 0;
  return [
    {
      title: 'Site name and domain',
      state: settings?.domain ? 'done' : 'todo',
      what: `The address your community opens (now ${settings?.effectiveDomain ?? 'unknown'}); the name comes from SITE_NAME.`,
      href: '/panel/dashboard?tab=settings',
      action: 'Site settings',
    },
    {
      title: 'Steam Web API key',
      state: settings?.secrets.steamApiKey.set ? 'done' : 'optional',
      what: 'Names and avatars of players who sign in with Steam. Without it, sign-in still works. Site settings can test a key before you save it.',
      href: '/panel/dashboard?tab=settings',
      action: 'Site settings',
      test: settings?.secrets.steamApiKey.set ? (
        <CredentialTest what="steam-key" label="Test the key" body={() => ({})} />
      ) : undefined,
    },
    {
      title: 'Discord application',
      state: settings?.signIn.discord.configured ? 'done' : 'optional',
      what: 'Sign-in with Discord: set DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET, then turn it on here.',
      href: '/panel/dashboard?tab=settings',
      action: 'Site settings',
      test: settings?.signIn.discord.configured ? (
        <CredentialTest what="discord" label="Test the application" body={() => ({})} />
      ) : undefined,
    },
    {
      title: 'First server group and server',
      state: servers > 0 ? 'done' : 'todo',
      what: `Game servers shown on the overview and polled for players (${servers} so far). The form queries the server live (A2S, or Server List Ping for Minecraft) and saves it only once it answers.`,
      href: '/admin/create-server',
      action: 'Add a server',
    },
    {
      title: 'Game-server plugin token',
      state: 'optional',
      what: 'Each server’s plugin checks bans and sends events with its own token, issued per server.',
      href: '/panel/dashboard?tab=game-servers',
      action: 'Game servers',
    },
    {
      title: 'Move in from another panel',
      state: 'optional',
      what: (
        <>
          From SourceBans++: <code>pnpm outpost import sourcebans --from mysql://user:pass@host/database</code>; from
          CS2-SimpleAdmin (css-bans, CSS-Panel): <code>pnpm outpost import simpleadmin --from mysql://…</code>; from
          AMXBans: <code>pnpm outpost import amxbans --from mysql://…</code>; from anything else:{' '}
          <code>pnpm outpost import csv --from bans.csv</code>; from another Outpost:{' '}
          <code>pnpm outpost import outpost --from export.json</code> (README). Each run's progress shows on the Imports
          page.
        </>
      ),
      href: '/panel/imports',
      action: 'Imports',
    },
  ];
}

export default function SetupGuidePage() {
  const settings = useLoad('/api/panel/settings', panelSettingsSchema);
  const groups = useLoad('/api/servers', serverGroupsResponseSchema);
  const steps = setupSteps(
    settings.state.status === 'ready' ? settings.state.data : null,
    groups.state.status === 'ready' ? groups.state.data : null,
  );
  return (
    <RemoteRoot id="panel">
      {/* The shell's banner is the page's title (one h1): the route's title and description. */}
      <Toolbar actions={<ButtonLink href="/panel/dashboard">Open the Panel</ButtonLink>}>
        <p className="muted">
          Each step is optional to do now: skip any, and come back to this page from the panel later.
        </p>
      </Toolbar>
      <ol className="setup-guide">
        {steps.map((step) => (
          <li key={step.title}>
            <Card
              title={
                <>
                  {step.title} {STATE_TAG[step.state]}
                </>
              }
              actions={step.href && <ButtonLink href={step.href}>{step.action}</ButtonLink>}
            >
              <p>{step.what}</p>
              {step.test}
            </Card>
          </li>
        ))}
      </ol>
    </RemoteRoot>
  );
}
