import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventRemindersPlugin } from './event-reminders';
import { eventsRoutes } from './events-routes';

/** The events half of the discuss-events module: /api/events and the reminder loop. */
export const eventsPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(eventsRoutes);
  await app.register(eventRemindersPlugin);
};
