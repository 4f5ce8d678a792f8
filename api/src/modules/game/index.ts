// The game module's door: the game-server plugin API under /api/game (server tokens) and
// its staff side (plugin tokens, overrides, group immunities, admin identities).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Door } from '../../db/module-db';
import { eventBus } from '../../lib/event-bus';
import { forgetRole } from './game-admins';
import { listenForCommands } from './game-commands';
import { startWarningDelivery } from './game-delivery';
import { enforcementOutcome, startEnforcement } from './game-enforcement';
import { gameKickRoutes } from './game-kick-routes';
import { gamePresenceRoutes } from './game-presence-routes';
import { gameRoutes } from './game-routes';
import { gameStaffRoutes } from './game-staff-routes';
import { rotateToken } from './game-tokens';
import type { GameTables } from './tables';

export const gameModule: FastifyPluginAsyncZod = async (app) => {
  // This module's view of the database: its own tables (the module's one cast; the same instance).
  const db = app.db as Kysely<GameTables>;
  // A deleted role's group immunities go with it, in the deleting transaction.
  const off = eventBus(app.db).on('role.deleting', 'game', ({ db: deleting, roleId }) => forgetRole(deleting, roleId));
  app.addHook('onClose', async () => off());
  // A ban or comm block created or lifted anywhere reaches the servers the player is on.
  const stopEnforcing = startEnforcement(db, { rconTimeoutMs: app.config.RCON_TIMEOUT_MS, log: app.log });
  app.addHook('onClose', async () => stopEnforcing());
  // A warning given anywhere is shown to the player on the servers they are on.
  const stopWarning = startWarningDelivery(db, { rconTimeoutMs: app.config.RCON_TIMEOUT_MS, log: app.log });
  app.addHook('onClose', async () => stopWarning());
  // The command channel's long-polls hear commands queued on other instances (PostgreSQL).
  if (app.dialect === 'postgres') {
    const stop = listenForCommands(db, app.config.DATABASE_URL, app.log);
    app.addHook('onClose', async () => stop());
  }
  await app.register(gameStaffRoutes, { db });
  await app.register(gamePresenceRoutes, { db });
  await app.register(gameKickRoutes, { db });
  await app.register(gameRoutes, { db, prefix: '/game' });
};

const gameDoor = {
  /** Creates or replaces a server's plugin token; answers the token (shown once, stored hashed). */
  rotateToken,
  /** The servers that acted on a ban or comm block made or lifted on this instance (for an answer that reports it). */
  enforcementOutcome,
};

/** What other modules ask of the game module: their own view of the database goes in; this door sees its own tables. */
export const gameService = gameDoor as unknown as Door<typeof gameDoor>;
