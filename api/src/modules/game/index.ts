// The game module's door: the game-server plugin API under /api/game (server tokens) and
// its staff side (plugin tokens, overrides, group immunities, admin identities).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventBus } from '../../lib/event-bus';
import { forgetRole } from './game-admins';
import { gameRoutes } from './game-routes';
import { gameStaffRoutes } from './game-staff-routes';
import { rotateToken } from './game-tokens';

export const gameModule: FastifyPluginAsyncZod = async (app) => {
  // A deleted role's group immunities go with it, in the deleting transaction.
  const off = eventBus(app.db).on('role.deleting', 'game', ({ db, roleId }) => forgetRole(db, roleId));
  app.addHook('onClose', async () => off());
  await app.register(gameStaffRoutes);
  await app.register(gameRoutes, { prefix: '/game' });
};

export const gameService = {
  /** Creates or replaces a server's plugin token; answers the token (shown once, stored hashed). */
  rotateToken,
};
