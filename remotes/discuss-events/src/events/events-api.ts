import {
  type EventDetail,
  type EventFeedCreated,
  type EventInput,
  eventDetailSchema,
  eventFeedCreatedSchema,
  eventFeedStatusSchema,
  eventsListResponseSchema,
  type RsvpResponse,
  serverGroupsResponseSchema,
} from '@outpost/contracts';
import { type HostApi, sendJson } from '@outpost/host';

// One fetcher per call of /api/events; each returns the kit's results.

export const eventsPath = '/api/events';
/** The query of the next page of one half of the list. */
export const eventsQuery = (query: { when: 'upcoming' | 'past'; cursor: string }) =>
  `?${new URLSearchParams(query).toString()}`;
export const eventPath = (id: number) => `/api/events/${id}`;
export const eventIcsPath = (id: number) => `/api/events/${id}/ics`;
export const feedPath = '/api/events/feed';
/** The public server list: the place picker's groups and servers. */
export const serversPath = '/api/servers';
/** The page of one event: the title as a slug after the id. */
export const eventPagePath = (event: { id: number; slug: string }) => `/events/${event.id}/${event.slug}`;

export { eventDetailSchema, eventFeedStatusSchema, eventsListResponseSchema, serverGroupsResponseSchema };

export const createEvent = (host: HostApi, body: EventInput) =>
  sendJson<EventDetail>(host, 'POST', eventsPath, body, eventDetailSchema);
export const saveEvent = (host: HostApi, id: number, body: EventInput) =>
  sendJson<EventDetail>(host, 'PUT', eventPath(id), body, eventDetailSchema);
export const cancelEvent = (host: HostApi, id: number) =>
  sendJson<EventDetail>(host, 'POST', `${eventPath(id)}/cancel`, undefined, eventDetailSchema);
export const answerEvent = (host: HostApi, id: number, response: RsvpResponse | null) =>
  response === null
    ? sendJson<EventDetail>(host, 'DELETE', `${eventPath(id)}/rsvp`, undefined, eventDetailSchema)
    : sendJson<EventDetail>(host, 'PUT', `${eventPath(id)}/rsvp`, { response }, eventDetailSchema);
export const createFeed = (host: HostApi) =>
  sendJson<EventFeedCreated>(host, 'POST', feedPath, undefined, eventFeedCreatedSchema);
export const revokeFeed = (host: HostApi) => sendJson(host, 'DELETE', feedPath);
