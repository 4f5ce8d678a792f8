import {
  apiErrorSchema,
  eventDetailSchema,
  eventEditSchema,
  eventFeedCreatedSchema,
  eventFeedParamSchema,
  eventFeedStatusSchema,
  eventIdParamSchema,
  eventInputSchema,
  eventSlug,
  eventsListQuerySchema,
  eventsListResponseSchema,
  rsvpInputSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../../db/module-db';
import { nowSeconds } from '../../../lib/clock';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { requirePermission, requireSignedIn } from '../../../plugins/authorization';
import { accountsService } from '../../accounts';
import type { DiscussEventsTables } from '../tables';
import { createFeedSecret, feedEvents, feedOwner, feedStatus, revokeFeedSecret } from './calendar-feed';
import { eventDetail, eventsList, findEventRow } from './events-repository';
import { cancelEvent, createEvent, editEvent, setRsvp } from './events-service';
import { eventsCalendar } from './ics';

const errors = errorResponses(400, 401, 403, 404, 409);
const userOf = (request: { auth: Principal | null }) => (request.auth as Principal).userId;

/** /api/events: every route needs sign-in (the feed's secret URL is its own credential). */
export const eventsRoutes: FastifyPluginAsyncZod<OwnDb<DiscussEventsTables>> = async (app, { db }) => {
  const publicUrl = app.config.PUBLIC_URL;
  const calendarName = `${app.config.SITE_NAME} events`;

  async function loadEvent(id: number) {
    const event = await findEventRow(db, id);
    if (!event) throw new HttpError(404, 'NOT_FOUND', 'No event has this id');
    return event;
  }
  async function detailFor(id: number, viewerId: string) {
    const detail = await eventDetail(db, id, viewerId);
    if (!detail) throw new HttpError(404, 'NOT_FOUND', 'No event has this id');
    return detail;
  }

  app.get(
    '/events',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['events'],
        description:
          'Upcoming events (soonest first), then past ones (latest first), a page of each; when=upcoming|past with that half’s cursor pages on.',
        querystring: eventsListQuerySchema,
        response: { 200: eventsListResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => eventsList(db, userOf(request), nowSeconds(), request.query),
  );

  app.post(
    '/events',
    {
      preValidation: requirePermission('events.manage'),
      schema: { tags: ['events'], body: eventInputSchema, response: { 201: eventDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const id = await createEvent(db, request.body, await accountsService.actorOf(db, request));
      return reply.status(201).send(await detailFor(id, userOf(request)));
    },
  );

  // The feed routes come before /events/:id in meaning, not in order: static segments win.
  app.get(
    '/events/feed',
    {
      preValidation: requireSignedIn,
      schema: { tags: ['events'], response: { 200: eventFeedStatusSchema, 401: apiErrorSchema } },
    },
    async (request) => feedStatus(db, userOf(request)),
  );

  app.post(
    '/events/feed',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['events'],
        description: 'A new secret calendar feed URL, shown this once; any earlier one stops working.',
        response: { 201: eventFeedCreatedSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { secret, createdAt } = await createFeedSecret(db, userOf(request));
      const url = `${new URL(publicUrl).origin}/api/events/feed/${secret}.ics`;
      return reply.status(201).send({ url, createdAt });
    },
  );

  app.delete(
    '/events/feed',
    {
      preValidation: requireSignedIn,
      schema: { tags: ['events'], response: { 204: z.null(), 401: apiErrorSchema } },
    },
    async (request, reply) => {
      await revokeFeedSecret(db, userOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/events/feed/:file',
    {
      schema: {
        tags: ['events'],
        description: 'The calendar feed (text/calendar) of the user whose secret the URL holds.',
        params: eventFeedParamSchema,
        response: { 200: z.string(), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = await feedOwner(db, request.params.file.slice(0, -'.ics'.length));
      // Unknown, replaced and revoked secrets all look the same.
      if (!userId) throw new HttpError(404, 'NOT_FOUND', 'No calendar feed has this address');
      const body = eventsCalendar(await feedEvents(db, userId), { publicUrl, name: calendarName });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );

  app.get(
    '/events/:id',
    {
      preValidation: requireSignedIn,
      schema: { tags: ['events'], params: eventIdParamSchema, response: { 200: eventDetailSchema, ...errors } },
    },
    async (request) => detailFor(request.params.id, userOf(request)),
  );

  app.put(
    '/events/:id',
    {
      preValidation: requirePermission('events.manage'),
      schema: {
        tags: ['events'],
        description: 'Replaces every field of the event; its attendees are notified.',
        params: eventIdParamSchema,
        body: eventEditSchema,
        response: { 200: eventDetailSchema, ...errors },
      },
    },
    async (request) => {
      const event = await loadEvent(request.params.id);
      await editEvent(db, event, request.body, await accountsService.actorOf(db, request));
      return detailFor(event.id, userOf(request));
    },
  );

  app.post(
    '/events/:id/cancel',
    {
      preValidation: requirePermission('events.manage'),
      schema: { tags: ['events'], params: eventIdParamSchema, response: { 200: eventDetailSchema, ...errors } },
    },
    async (request) => {
      const event = await loadEvent(request.params.id);
      await cancelEvent(db, event, await accountsService.actorOf(db, request));
      return detailFor(event.id, userOf(request));
    },
  );

  app.put(
    '/events/:id/rsvp',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['events'],
        description: 'The caller’s answer: going (the waiting list when full), maybe or not going.',
        params: eventIdParamSchema,
        body: rsvpInputSchema,
        response: { 200: eventDetailSchema, ...errors },
      },
    },
    async (request) => {
      const event = await loadEvent(request.params.id);
      const actor = await accountsService.actorOf(db, request);
      await setRsvp(db, event, { id: userOf(request), name: actor.name ?? userOf(request) }, request.body.response);
      return detailFor(event.id, userOf(request));
    },
  );

  app.delete(
    '/events/:id/rsvp',
    {
      preValidation: requireSignedIn,
      schema: { tags: ['events'], params: eventIdParamSchema, response: { 200: eventDetailSchema, ...errors } },
    },
    async (request) => {
      const event = await loadEvent(request.params.id);
      await setRsvp(db, event, { id: userOf(request), name: '' }, null);
      return detailFor(event.id, userOf(request));
    },
  );

  app.get(
    '/events/:id/ics',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['events'],
        params: eventIdParamSchema,
        response: { 200: z.string(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const event = await loadEvent(request.params.id);
      const body = eventsCalendar([event], { publicUrl, name: calendarName });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${eventSlug(event.title)}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
