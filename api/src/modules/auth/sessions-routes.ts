import { apiErrorSchema, sessionsResponseSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { notificationsService } from '../notifications';
import { isOwnSiteNavigation } from './authentication';
import { deleteSession, deleteUserSession, listUserSessions } from './sessions-repository';
import { SESSION_COOKIE } from './sessions-service';
import { sessionCookieOptions } from './sign-in';
import type { AuthTables } from './tables';

/** The signed-in person's own account, not whom they impersonate: sessions are theirs. */
const ownerOf = (auth: Principal) => auth.impersonatorId ?? auth.userId;

function requireSession(auth: Principal | null): asserts auth is Principal {
  if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'You need to be logged in to do this');
}

/** Login sessions: list, revoke one (never the current one), and logout. */
export const sessionsRoutes: FastifyPluginAsyncZod<OwnDb<AuthTables>> = async (app, { db }) => {
  app.get(
    '/auth/sessions',
    { schema: { tags: ['auth'], response: { 200: sessionsResponseSchema, 401: apiErrorSchema } } },
    async (request) => {
      requireSession(request.auth);
      return {
        currentSessionId: request.auth.sessionId ?? '',
        sessions: await listUserSessions(db, ownerOf(request.auth)),
      };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      requireSession(request.auth);
      if (request.params.id === request.auth.sessionId) {
        throw new HttpError(400, 'CURRENT_SESSION', 'The current session cannot be revoked: log out instead');
      }
      if (!(await deleteUserSession(db, ownerOf(request.auth), request.params.id))) {
        throw new HttpError(404, 'NOT_FOUND', 'No such session');
      }
      // Its notification streams end now, not at their next heartbeat.
      await notificationsService.announceCredentialEnd(db);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        description: 'Ends the current session: 200 {ok}; 401 when already logged out.',
        response: { 200: z.object({ ok: z.literal(true) }), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // A GET that changes state: refuse it when another site triggered it.
      if (!isOwnSiteNavigation(request)) {
        throw new HttpError(403, 'CSRF_REJECTED', 'Cross-site request refused: it must come from this site');
      }
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(app.config));
      if (!request.auth?.sessionId) throw new HttpError(401, 'UNAUTHORIZED', 'You were already logged out');
      await deleteSession(db, request.auth.sessionId);
      await notificationsService.announceCredentialEnd(db);
      return { ok: true as const };
    },
  );
};
