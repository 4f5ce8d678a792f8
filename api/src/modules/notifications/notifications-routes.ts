import { apiErrorSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import type { CredentialCheck } from '../../lib/stream-credential';
import { requireSignedIn } from '../../plugins/authorization';
import { openNotificationStream } from './notification-stream';
import { startListening } from './notifications-fanout';
import { clearNotifications } from './notifications-service';
import { StreamLimits } from './stream-limits';
import type { NotificationsTables } from './tables';

/** The notification stream (SSE) and clearing; creation is notifications-service's. */
export const notificationsRoutes: FastifyPluginAsyncZod<
  OwnDb<NotificationsTables> & { credentials: CredentialCheck }
> = async (app, options) => {
  const { db } = options;
  const openStreams = new Set<() => void>();
  const limits = new StreamLimits(app.config.SSE_MAX_STREAMS_PER_USER, app.config.SSE_MAX_STREAMS_PER_IP);
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });
  if (app.dialect === 'postgres') {
    const stop = startListening(db, app.config.DATABASE_URL, app.log);
    app.addHook('onClose', async () => stop());
  }

  app.get(
    '/auth/notifications/sse',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['auth'],
        description:
          'Server-sent events: each new notification as `data:` JSON with `id:` its id; `: heartbeat` comments ' +
          'keep the connection open. Resumes after Last-Event-ID (or ?after=); without either it starts with every stored notification. ' +
          'Each is written in ?locale= (the language the page shows), else the language of the request (the saved choice, then Accept-Language).',
        headers: z.looseObject({
          'last-event-id': z
            .string()
            .regex(/^\d{1,15}$/)
            .optional(),
        }),
        querystring: z.object({
          after: z
            .string()
            .regex(/^\d{1,15}$/)
            .optional(),
          locale: z.string().max(16).optional(),
        }),
        response: { 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const resumeAfter = request.headers['last-event-id'] ?? request.query.after;
      await openNotificationStream(
        request,
        reply,
        resumeAfter === undefined ? null : Number(resumeAfter),
        openStreams,
        limits,
        options.credentials,
        request.query.locale,
      );
    },
  );

  app.delete(
    '/auth/notifications',
    {
      preHandler: requireSignedIn,
      schema: { tags: ['auth'], response: { 204: z.null(), 401: apiErrorSchema, 403: apiErrorSchema } },
    },
    async (request, reply) => {
      await clearNotifications(db, (request.auth as { userId: string }).userId);
      return reply.status(204).send(null);
    },
  );
};
