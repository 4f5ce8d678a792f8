import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import type { DiscussEventsTables } from '../tables';
import { eventRemindersPlugin } from './event-reminders';
import { eventsRoutes } from './events-routes';

/** The events half of the discuss-events module: /api/events and the reminder loop. */
export const eventsPlugin: FastifyPluginAsyncZod<OwnDb<DiscussEventsTables>> = async (app, { db }) => {
  await app.register(eventsRoutes, { db });
  await app.register(eventRemindersPlugin, { db });
};
