// The discord module's door (issue 26): Discord as the staff room. Discord's slash commands
// reach POST /api/discord/interactions (signed by Discord, answered as the Outpost account the
// Discord user linked); the panel's bot card keeps the application's settings and registers
// the commands; the staff channel shows report groups and appeals with buttons. It offers no
// service: nothing else calls it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { botPanelRoutes } from './bot-panel-routes';
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
