import {
  type PanelSettings,
  type PanelSettingsUpdate,
  panelSettingsSchema,
  panelSettingsUpdateSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import { errorResponses } from '../../../lib/error-responses';
import { requirePermission } from '../../../plugins/authorization';
import { requireStepUp } from '../../../plugins/step-up';
import { metaService, type SiteSettings } from '../../meta';
import { auditPanelChange } from '../panel-audit';
import type { PanelTables } from '../tables';

const errors = errorResponses(400, 401, 403);

/** What the audit log keeps of the settings: everything but the secrets' values. */
function auditable(settings: SiteSettings): Record<string, unknown> {
  const { steamApiKey, sentryDsn, ...rest } = settings;
  return { ...rest, steamApiKey: steamApiKey ? 'set' : 'not set', sentryDsn: sentryDsn ? 'set' : 'not set' };
}

/** Only the settings that changed (a secret saved again counts as 'replaced'), before and after. */
function changedSettings(before: SiteSettings, after: SiteSettings, update: PanelSettingsUpdate) {
  const old = auditable(before);
  const now = auditable(after);
  if (update.steamApiKey && before.steamApiKey) now.steamApiKey = 'replaced';
  if (update.sentryDsn && before.sentryDsn) now.sentryDsn = 'replaced';
  const keys = Object.keys(now).filter((key) => JSON.stringify(old[key]) !== JSON.stringify(now[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, old[key]])),
    after: Object.fromEntries(keys.map((key) => [key, now[key]])),
  };
}

/** Site settings: GET shows them (secrets only as set / not set), PUT changes the given fields. */
export const settingsRoutes: FastifyPluginAsyncZod<OwnDb<PanelTables>> = async (app, { db }) => {
  const config = app.config;
  const discordConfigured = Boolean(config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET);
  const source = (stored: string | null, environment: string | undefined) =>
    stored ? ('settings' as const) : environment ? ('environment' as const) : ('none' as const);

  const view = (settings: SiteSettings): PanelSettings => ({
    notice: settings.notice as PanelSettings['notice'],
    domain: settings.domain,
    effectiveDomain: settings.domain || new URL(config.PUBLIC_URL).host,
    links: settings.links,
    thresholds: settings.thresholds,
    environmentThresholds: { cpu: config.CPU_THRESHOLD, memory: config.MEMORY_THRESHOLD },
    secrets: {
      steamApiKey: {
        set: Boolean(settings.steamApiKey ?? config.STEAM_API_KEY),
        source: source(settings.steamApiKey, config.STEAM_API_KEY),
      },
      sentryDsn: {
        set: Boolean(settings.sentryDsn ?? config.SENTRY_DSN),
        source: source(settings.sentryDsn, config.SENTRY_DSN),
      },
    },
    signIn: {
      steam: { enabled: true, namesAndAvatars: Boolean(settings.steamApiKey ?? config.STEAM_API_KEY) },
      discord: { configured: discordConfigured, enabled: discordConfigured && settings.discordSignIn },
    },
    discussions: settings.discussions,
    reports: settings.reports,
    trustInGameUnbans: settings.trustInGameUnbans,
    warnings: settings.warnings,
    recentPlayersMinutes: settings.recentPlayersMinutes,
  });

  app.get(
    '/panel/settings',
    {
      preHandler: requirePermission('panel.settings'),
      schema: { tags: ['panel'], response: { 200: panelSettingsSchema, ...errors } },
    },
    async () => view(await metaService.readSiteSettings(db)),
  );

  app.put(
    '/panel/settings',
    {
      preHandler: [requirePermission('panel.settings'), requireStepUp],
      schema: {
        tags: ['panel'],
        description:
          'Changes the given settings (absent fields stay). Secrets: a string sets, null clears; they are never sent back. ' +
          '/api/meta shows the change on every instance within 2 s, without a restart.',
        body: panelSettingsUpdateSchema,
        response: { 200: panelSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const before = await metaService.readSiteSettings(db);
      const after = await metaService.writeSiteSettings(db, request.body);
      await auditPanelChange(request, {
        message: 'changed site settings',
        ...changedSettings(before, after, request.body),
      });
      return view(after);
    },
  );
};
