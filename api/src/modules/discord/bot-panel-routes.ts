import {
  type DiscordBotSettingsChange,
  discordBotSettingsChangeSchema,
  discordBotSettingsSchema,
  discordCommandsRegisteredSchema,
} from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import { requirePermission } from '../../plugins/authorization';
import { requireStepUp } from '../../plugins/step-up';
import { accountsService } from '../accounts';
import { auditService } from '../audit';
import { type BotSettings, readBotSettings, recordRegistration, shownSettings, writeBotSettings } from './bot-settings';
import { COMMAND_DEFINITIONS } from './commands';
import type { DiscordTables } from './tables';

// The panel's Discord bot card: the application id, its public key and the bot token (set or
// not set), and "Register the commands", which tells Discord which slash commands exist
// (a bulk overwrite: commands Outpost dropped disappear from Discord too).

const errors = errorResponses(400, 401, 403);

/** What the audit log keeps: ids as they are, the token only as set / replaced / cleared. */
function auditable(settings: BotSettings) {
  return {
    applicationId: settings.applicationId,
    publicKey: settings.publicKey,
    botToken: settings.botToken ? 'set' : 'not set',
    staffChannelId: settings.staffChannelId,
    guildId: settings.guildId,
  };
}

async function auditChange(
  request: FastifyRequest,
  db: Kysely<DiscordTables>,
  message: string,
  change?: { before: Record<string, unknown>; after: Record<string, unknown> },
) {
  const actor = await accountsService.actorOf(db, request);
  if (change) await auditService.writeChange(db, actor, { message, ...change });
  else await auditService.writeAudit(db, { client: actor.id, clientName: actor.name, message });
}

export const botPanelRoutes: FastifyPluginAsyncZod<{ db: Kysely<DiscordTables> }> = async (app, { db }) => {
  const guard = [requirePermission('panel.settings')];

  app.get(
    '/panel/discord-bot',
    {
      preHandler: guard,
      schema: { tags: ['discord'], response: { 200: discordBotSettingsSchema, ...errors } },
    },
    async () => shownSettings(await readBotSettings(db), app.config.PUBLIC_URL),
  );

  app.put(
    '/panel/discord-bot',
    {
      preHandler: [...guard, requireStepUp],
      schema: {
        tags: ['discord'],
        description:
          'Sets the Discord application id, its public key (64 hex digits) and the bot token; a field left out stays, ' +
          'null clears it. The token is never sent back.',
        body: discordBotSettingsChangeSchema,
        response: { 200: discordBotSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const change: DiscordBotSettingsChange = request.body;
      const before = await readBotSettings(db);
      await writeBotSettings(db, change);
      const after = await readBotSettings(db);
      const old = auditable(before);
      const now: Record<string, unknown> = auditable(after);
      if (change.botToken && before.botToken) now.botToken = 'replaced';
      const keys = Object.keys(now).filter(
        (key) => JSON.stringify(old[key as keyof typeof old]) !== JSON.stringify(now[key]),
      );
      if (keys.length > 0)
        await auditChange(request, db, 'changed the Discord bot settings', {
          before: Object.fromEntries(keys.map((key) => [key, old[key as keyof typeof old]])),
          after: Object.fromEntries(keys.map((key) => [key, now[key]])),
        });
      return shownSettings(after, app.config.PUBLIC_URL);
    },
  );

  app.post(
    '/panel/discord-bot/commands',
    {
      preHandler: [...guard, requireStepUp],
      schema: {
        tags: ['discord'],
        description: `Registers Outpost's slash commands (${COMMAND_DEFINITIONS.map((command) => `/${command.name}`).join(', ')}) with Discord for the application, replacing what it listed before.`,
        response: { 200: discordCommandsRegisteredSchema, ...errorResponses(400, 401, 403, 502) },
      },
    },
    async (request) => {
      const settings = await readBotSettings(db);
      if (!settings.applicationId || !settings.botToken)
        throw new HttpError(400, 'NOT_CONFIGURED', 'Set the application id and the bot token first');
      const url = `${app.config.DISCORD_API_URL.replace(/\/+$/, '')}/v10/applications/${settings.applicationId}/commands`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'PUT',
          headers: { authorization: `Bot ${settings.botToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(COMMAND_DEFINITIONS),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new HttpError(502, 'DISCORD_UNREACHABLE', `Discord cannot be reached: ${(error as Error).message}`);
      }
      if (response.status === 401 || response.status === 403)
        throw new HttpError(
          400,
          'DISCORD_REFUSED',
          'Discord refused the bot token: copy it again from the Bot page of the application',
        );
      if (response.status === 404)
        throw new HttpError(400, 'DISCORD_REFUSED', 'Discord knows no application with this id');
      if (!response.ok) throw new HttpError(502, 'DISCORD_FAILED', `Discord answered ${response.status}`);
      const listed = (await response.json().catch(() => [])) as { name?: unknown }[];
      const registered = (Array.isArray(listed) ? listed : [])
        .map((command) => command.name)
        .filter((name): name is string => typeof name === 'string');
      const at = nowSeconds();
      await recordRegistration(db, at);
      await auditChange(
        request,
        db,
        `registered the Discord slash commands ${registered.map((name) => `/${name}`).join(', ')}`,
      );
      return { registered, registeredAt: at };
    },
  );
};
