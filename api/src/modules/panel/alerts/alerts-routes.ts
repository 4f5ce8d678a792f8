import { alertSubscriptionSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import { errorResponses } from '../../../lib/error-responses';
import type { Principal } from '../../../lib/principal';
import { requirePermission } from '../../../plugins/authorization';
import { auditPanelChange } from '../panel-audit';
import type { PanelTables } from '../tables';
import { readSubscription, writeSubscription } from './alerts-repository';

const errors = errorResponses(400, 401, 403);

/** The caller's own alert opt-in (panel.alerts). */
export const alertsRoutes: FastifyPluginAsyncZod<OwnDb<PanelTables>> = async (app, { db }) => {
  app.get(
    '/panel/alerts',
    {
      preHandler: requirePermission('panel.alerts'),
      schema: { tags: ['panel'], response: { 200: alertSubscriptionSchema, ...errors } },
    },
    async (request) => readSubscription(db, (request.auth as Principal).userId),
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
      const before = await readSubscription(db, userId);
      await writeSubscription(db, userId, request.body);
      await auditPanelChange(request, { message: 'changed their alert subscription', before, after: request.body });
      return readSubscription(db, userId);
    },
  );
};
