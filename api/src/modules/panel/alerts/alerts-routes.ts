import { alertSubscriptionSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import type { Principal } from '../../../lib/principal';
import { requirePermission } from '../../../plugins/authorization';
import { auditPanelChange } from '../panel-audit';
import { readSubscription, writeSubscription } from './alerts-repository';

const errors = errorResponses(400, 401, 403);

/** The caller's own alert opt-in (panel.alerts). */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/panel/alerts',
    {
      preHandler: requirePermission('panel.alerts'),
      schema: { tags: ['panel'], response: { 200: alertSubscriptionSchema, ...errors } },
    },
    async (request) => readSubscription(app.db, (request.auth as Principal).userId),
  );

  app.put(
    '/panel/alerts',
    {
      preHandler: requirePermission('panel.alerts'),
      schema: {
        tags: ['panel'],
        description: 'Opt in or out of server status alerts and new-instance alerts.',
        body: alertSubscriptionSchema,
        response: { 200: alertSubscriptionSchema, ...errors },
      },
    },
    async (request) => {
      const userId = (request.auth as Principal).userId;
      const before = await readSubscription(app.db, userId);
      await writeSubscription(app.db, userId, request.body);
      await auditPanelChange(request, { message: 'changed their alert subscription', before, after: request.body });
      return readSubscription(app.db, userId);
    },
  );
};
