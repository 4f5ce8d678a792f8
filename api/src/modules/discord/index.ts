// The discord module's door (issue 26): Discord as the staff room. Discord's slash commands
// reach POST /api/discord/interactions (signed by Discord, answered as the Outpost account the
// Discord user linked); the panel's bot card keeps the application's settings and registers
// the commands; the staff channel shows report groups and appeals with buttons. Its service
// serves only `pnpm demo` (its simulated Discord channel).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Door } from '../../db/module-db';
import { botPanelRoutes } from './bot-panel-routes';
import { writeBotSettings } from './bot-settings';
import { COMMAND_DEFINITIONS } from './commands';
import { interactionsRoutes } from './interactions-routes';
import { staffChannelPlugin } from './staff-channel-plugin';
import type { DiscordTables } from './tables';

export const discordModule: FastifyPluginAsyncZod = async (app) => {
  // This module's view of the database: no tables of its own (the module's one cast; the same instance).
  const db = app.db as Kysely<DiscordTables>;
  await app.register(interactionsRoutes, { db });
  await app.register(botPanelRoutes, { db });
  await app.register(staffChannelPlugin, { db });
};

const discordDoor = {
  /** The bot settings (`pnpm demo` saves the key its simulated Discord signs with). */
  saveBotSettings: writeBotSettings,
  /** The slash commands as registered with Discord (their options, in order). */
  commandDefinitions: COMMAND_DEFINITIONS,
};

/** What `pnpm demo` asks of the discord module: its view of the database goes in. */
export const discordService = discordDoor as unknown as Door<typeof discordDoor>;
