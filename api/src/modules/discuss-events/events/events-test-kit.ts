import type { EventDetail, EventInput } from '@outpost/contracts';
import { expect } from 'vitest';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import type { TestDatabase } from '../../../test-support/test-databases';

// Shared by the events API tests: a manager, an event a little in the future, and the
// notifications a user holds.

export const HOUR = 3600;

/** The app with reminders swept only when a test says (interval 0), and an organiser (events.manage). */
export async function startEventsApp(kind: TestDatabase): Promise<{ t: TestApp; manager: SignedIn }> {
  const t = await startTestApp(kind, { EVENT_REMINDER_INTERVAL_MS: '0' });
  return { t, manager: await signInAs(t, { name: 'Organiser', codes: ['events.manage'] }) };
}

export function futureEvent(overrides: Partial<EventInput> = {}): EventInput {
  const start = Math.floor(Date.now() / 1000) + 3 * 24 * HOUR;
  return {
    title: 'Versus night',
    description: 'Bring a **mic**.',
    startsAt: start,
    endsAt: start + 2 * HOUR,
    capacity: null,
    ...overrides,
  };
}

export async function createEventAs(t: TestApp, who: SignedIn, input: EventInput): Promise<EventDetail> {
  const response = await t.app.inject({ method: 'POST', url: '/api/events', headers: who.headers, payload: input });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as EventDetail;
}

export async function rsvp(t: TestApp, who: SignedIn, id: number, response: string | null): Promise<EventDetail> {
  const reply = await t.app.inject(
    response === null
      ? { method: 'DELETE', url: `/api/events/${id}/rsvp`, headers: who.headers }
      : { method: 'PUT', url: `/api/events/${id}/rsvp`, headers: who.headers, payload: { response } },
  );
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as EventDetail;
}

export async function notificationsOf(t: TestApp, userId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('notifications')
    .select('message')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.message);
}

/** One signed-in member per name, in order (typed per name, so destructuring needs no checks). */
export async function members<const Names extends readonly string[]>(
  t: TestApp,
  names: Names,
): Promise<{ [K in keyof Names]: SignedIn }> {
  const out: SignedIn[] = [];
  for (const name of names) out.push(await signInAs(t, { name }));
  return out as { [K in keyof Names]: SignedIn };
}
