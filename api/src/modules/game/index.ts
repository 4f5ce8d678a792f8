// The game module's door: the game-server plugin API under /api/game (server tokens) and
// its staff side (plugin tokens, overrides, group immunities, admin identities).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgetRole } from './game-admins';
import { gameRoutes } from './game-routes';
import { gameStaffRoutes } from './game-staff-routes';
import { rotateToken } from './game-tokens';

export const gameModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(gameStaffRoutes);
  await app.register(gameRoutes, { prefix: '/game' });
};

export const gameService = {
  forgetRole,
  /** Creates or replaces a server's plugin token; answers the token (shown once, stored hashed). */
  rotateToken,
};
