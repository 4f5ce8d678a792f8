import { panelSettingsSchema, serverGroupsResponseSchema } from '@outpost/contracts';
import { i18n, SLOT, useLoad, useT, withNode } from '@outpost/host';
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

const STATE_TONE = { done: 'success', todo: 'warning', optional: 'muted' } as const;
const STATE_KEY = {
  done: 'panel.setupGuide.state.done',
  todo: 'panel.setupGuide.state.todo',
  optional: 'panel.setupGuide.state.optional',
} as const;

/** A message in the reader's language: the page's `useT()`; Lingui's own (the active locale) when called outside it. */
type Translate = ReturnType<typeof useT>;

export function setupSteps(
  settings: {
    effectiveDomain: string;
    domain: string;
    secrets: { steamApiKey: { set: boolean } };
    signIn: { discord: { configured: boolean } };
  } | null,
  groups: Array<{ servers: unknown[] }> | null,
  t: Translate = i18n._.bind(i18n),
): Step[] {
  const servers = groups?.reduce((sum, group) => sum + group.servers.length, 0) ?? 0;
  return [
    {
      title: t('panel.setupGuide.domain.title'),
      state: settings?.domain ? 'done' : 'todo',
      what: t('panel.setupGuide.domain.what', { domain: settings?.effectiveDomain ?? t('panel.setupGuide.unknown') }),
      href: '/panel/dashboard?tab=settings',
      action: t('panel.setupGuide.siteSettings'),
    },
    {
      title: t('panel.setupGuide.steam.title'),
      state: settings?.secrets.steamApiKey.set ? 'done' : 'optional',
      what: t('panel.setupGuide.steam.what'),
      href: '/panel/dashboard?tab=settings',
      action: t('panel.setupGuide.siteSettings'),
      test: settings?.secrets.steamApiKey.set ? (
        <CredentialTest what="steam-key" label={t('panel.setupGuide.steam.test')} body={() => ({})} />
      ) : undefined,
    },
    {
      title: t('panel.setupGuide.discord.title'),
      state: settings?.signIn.discord.configured ? 'done' : 'optional',
      what: t('panel.setupGuide.discord.what'),
      href: '/panel/dashboard?tab=settings',
      action: t('panel.setupGuide.siteSettings'),
      test: settings?.signIn.discord.configured ? (
        <CredentialTest what="discord" label={t('panel.setupGuide.discord.test')} body={() => ({})} />
      ) : undefined,
    },
    {
      title: t('panel.setupGuide.servers.title'),
      state: servers > 0 ? 'done' : 'todo',
      what: t('panel.setupGuide.servers.what', { count: servers }),
      href: '/admin/create-server',
      action: t('panel.setupGuide.servers.action'),
    },
    {
      title: t('panel.setupGuide.token.title'),
      state: 'optional',
      what: t('panel.setupGuide.token.what'),
      href: '/panel/dashboard?tab=game-servers',
      action: t('panel.setupGuide.token.action'),
    },
    {
      title: t('panel.setupGuide.import.title'),
      state: 'optional',
      what: (
        <>
          {withNode(
            t('panel.setupGuide.import.sourcebans', { command: SLOT }),
            <code>pnpm outpost import sourcebans --from mysql://user:pass@host/database</code>,
          )}
          {withNode(
            t('panel.setupGuide.import.simpleadmin', { command: SLOT }),
            <code>pnpm outpost import simpleadmin --from mysql://…</code>,
          )}
          {withNode(
            t('panel.setupGuide.import.amxbans', { command: SLOT }),
            <code>pnpm outpost import amxbans --from mysql://…</code>,
          )}
          {withNode(
            t('panel.setupGuide.import.csv', { command: SLOT }),
            <code>pnpm outpost import csv --from bans.csv</code>,
          )}
          {withNode(
            t('panel.setupGuide.import.outpost', { command: SLOT }),
            <code>pnpm outpost import outpost --from export.json</code>,
          )}{' '}
          {t('panel.setupGuide.import.progress')}
        </>
      ),
      href: '/panel/imports',
      action: t('panel.setupGuide.import.action'),
    },
  ];
}

export default function SetupGuidePage() {
  const t = useT();
  const settings = useLoad('/api/panel/settings', panelSettingsSchema);
  const groups = useLoad('/api/servers', serverGroupsResponseSchema);
  const steps = setupSteps(
    settings.state.status === 'ready' ? settings.state.data : null,
    groups.state.status === 'ready' ? groups.state.data : null,
    t,
  );
  return (
    <RemoteRoot id="panel">
      {/* The shell's banner is the page's title (one h1): the route's title and description. */}
      <Toolbar actions={<ButtonLink href="/panel/dashboard">{t('panel.common.openPanel')}</ButtonLink>}>
        <p className="muted">{t('panel.setupGuide.intro')}</p>
      </Toolbar>
      <ol className="setup-guide">
        {steps.map((step) => (
          <li key={step.title}>
            <Card
              title={
                <>
                  {step.title} <Tag tone={STATE_TONE[step.state]}>{t(STATE_KEY[step.state])}</Tag>
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
