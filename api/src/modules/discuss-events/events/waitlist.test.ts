import type { EventDetail } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn, TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { createEventAs, futureEvent, members, notificationsOf, rsvp, startEventsApp } from './events-test-kit';

const names = (list: EventDetail['going']) => list.map((attendee) => attendee.name);

describe.each(testDatabases())('RSVPs and the waiting list on $name', (kind) => {
  let t: TestApp;
  let manager: SignedIn;
  beforeAll(async () => {
    ({ t, manager } = await startEventsApp(kind));
  });
  afterAll(async () => t?.close());

  it('fills the places, queues the rest in answer order, and promotes the next one when someone leaves', async () => {
    const event = await createEventAs(t, manager, futureEvent({ title: 'Small cup', capacity: 2 }));
    const [ann, bob, cat, dan, eve] = await members(t, ['Ann', 'Bob', 'Cat', 'Dan', 'Eve']);
    await rsvp(t, ann, event.id, 'going');
    await rsvp(t, bob, event.id, 'going');
    let detail = await rsvp(t, cat, event.id, 'going');
    expect(detail).toMatchObject({ goingCount: 2, waitlistCount: 1, myResponse: 'going', myWaitlisted: true });
    await rsvp(t, dan, event.id, 'going');
    detail = await rsvp(t, eve, event.id, 'maybe');
    expect(names(detail.going)).toEqual(['Ann', 'Bob']);
    expect(names(detail.waitlist)).toEqual(['Cat', 'Dan']);
    expect(names(detail.maybe)).toEqual(['Eve']);

    // Ann changes her mind: Cat (first in line) gets the place and is told.
    detail = await rsvp(t, ann, event.id, 'not_going');
    expect(names(detail.going)).toEqual(['Bob', 'Cat']);
    expect(names(detail.waitlist)).toEqual(['Dan']);
    expect(names(detail.notGoing)).toEqual(['Ann']);
    expect(await notificationsOf(t, cat.userId)).toEqual(['A place opened up: you are now going to “Small cup”']);
    expect(await notificationsOf(t, dan.userId)).toEqual([]);

    // Bob withdraws his answer altogether: Dan gets in.
    detail = await rsvp(t, bob, event.id, null);
    expect(names(detail.going)).toEqual(['Cat', 'Dan']);
    expect(detail.waitlist).toEqual([]);
    expect(detail.myResponse).toBeNull();

    // Ann wants back in: the event is full again, so she waits at the end.
    detail = await rsvp(t, ann, event.id, 'going');
    expect(detail.myWaitlisted).toBe(true);
    // Answering going again keeps her place in the line (no jumping by re-answering).
    detail = await rsvp(t, ann, event.id, 'going');
    expect(names(detail.waitlist)).toEqual(['Ann']);
  });

  it('a larger capacity lets the waiting in; a smaller one removes nobody already going', async () => {
    const event = await createEventAs(t, manager, futureEvent({ title: 'Growing', capacity: 1 }));
    const [a, b, c] = await members(t, ['A', 'B', 'C']);
    for (const who of [a, b, c]) await rsvp(t, who, event.id, 'going');
    const grown = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      headers: manager.headers,
      payload: futureEvent({ title: 'Growing', capacity: 2, startsAt: event.startsAt, endsAt: event.endsAt }),
    });
    const detail = grown.json() as EventDetail;
    expect(names(detail.going)).toEqual(['A', 'B']);
    expect(names(detail.waitlist)).toEqual(['C']);
    expect(await notificationsOf(t, b.userId)).toContain('A place opened up: you are now going to “Growing”');

    const shrunk = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      headers: manager.headers,
      payload: futureEvent({ title: 'Growing', capacity: 1, startsAt: event.startsAt, endsAt: event.endsAt }),
    });
    expect(names((shrunk.json() as EventDetail).going)).toEqual(['A', 'B']);

    const unlimited = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      headers: manager.headers,
      payload: futureEvent({ title: 'Growing', capacity: null, startsAt: event.startsAt, endsAt: event.endsAt }),
    });
    expect(names((unlimited.json() as EventDetail).going)).toEqual(['A', 'B', 'C']);
  });

  it('never gives the last place twice when many answer at once', async () => {
    const event = await createEventAs(t, manager, futureEvent({ title: 'Rush', capacity: 3 }));
    const crowd = await members(
      t,
      Array.from({ length: 12 }, (_, i) => `Rusher ${i}`),
    );
    const replies = await Promise.all(
      crowd.map((who) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/events/${event.id}/rsvp`,
          headers: who.headers,
          payload: { response: 'going' },
        }),
      ),
    );
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: manager.headers })
    ).json() as EventDetail;
    expect(detail.going).toHaveLength(3);
    expect(detail.waitlist).toHaveLength(9);
  });
});
