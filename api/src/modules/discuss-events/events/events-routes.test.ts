import type { EventDetail, EventsListResponse } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupRow, serverRow } from '../../../test-support/server-rows';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { createEventAs, futureEvent, HOUR, notificationsOf, rsvp } from './events-test-kit';

describe.each(testDatabases())('events API on $name', (kind) => {
  let t: TestApp;
  let manager: SignedIn;
  let member: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind, { EVENT_REMINDER_INTERVAL_MS: '0' });
    manager = await signInAs(t, { name: 'Organiser Olga', codes: ['events.manage'] });
    member = await signInAs(t, { name: 'Member Max' });
    await t.database.db
      .insertInto('server_groups')
      .values(groupRow({ id: 'vs', name: 'Versus' }))
      .execute();
    await t.database.db
      .insertInto('servers')
      .values(serverRow({ id: 'vs-1', group_id: 'vs', name: 'Versus #1', host: 'vs.example', port: 27015 }))
      .execute();
  });
  afterAll(async () => t?.close());

  const eventCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates an event with its place, organiser and slug, and lists upcoming before past', async () => {
    const created = await createEventAs(t, manager, futureEvent({ groupId: 'vs', serverId: 'vs-1', capacity: 8 }));
    expect(created).toMatchObject({
      title: 'Versus night',
      slug: 'versus-night',
      organiserName: 'Organiser Olga',
      capacity: 8,
      status: 'scheduled',
      sequence: 0,
      place: { groupId: 'vs', groupName: 'Versus', serverId: 'vs-1', serverName: 'Versus #1' },
    });
    const now = Math.floor(Date.now() / 1000);
    const past = await createEventAs(
      t,
      manager,
      futureEvent({ title: 'Old cup', startsAt: now - 48 * HOUR, endsAt: now - 46 * HOUR }),
    );
    const soon = await createEventAs(
      t,
      manager,
      futureEvent({ title: 'Soon', startsAt: now + HOUR, endsAt: now + 2 * HOUR }),
    );
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/events', headers: member.headers })
    ).json() as EventsListResponse;
    expect(list.upcoming.map((event) => event.id).slice(0, 2)).toEqual([soon.id, created.id]);
    expect(list.past.map((event) => event.id)).toContain(past.id);
    expect(list.upcoming.map((event) => event.id)).not.toContain(past.id);
  });

  it('pages each half of the list with its own cursor; the calendar feed is not paged', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (let index = 0; index < 5; index++)
      await createEventAs(
        t,
        manager,
        futureEvent({
          title: `Paged up ${index}`,
          startsAt: now + (10 + index) * HOUR,
          endsAt: now + (11 + index) * HOUR,
        }),
      );
    for (let index = 0; index < 3; index++)
      await createEventAs(
        t,
        manager,
        futureEvent({
          title: `Paged past ${index}`,
          startsAt: now - (30 + index) * HOUR,
          endsAt: now - (29 + index) * HOUR,
        }),
      );
    const get = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/events${query}`, headers: member.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as EventsListResponse;
    };
    // Walk each half to its end, two at a time, and compare with the database's order.
    const walk = async (half: 'upcoming' | 'past') => {
      const first = await get('?limit=2');
      expect(first.upcoming).toHaveLength(2);
      expect(first.past).toHaveLength(2);
      let ids = first[half].map((event) => event.id);
      let cursor = half === 'upcoming' ? first.upcomingCursor : first.pastCursor;
      while (cursor) {
        const page = await get(`?when=${half}&limit=2&cursor=${cursor}`);
        // Only the half asked for.
        expect(page[half === 'upcoming' ? 'past' : 'upcoming']).toEqual([]);
        ids = [...ids, ...page[half].map((event) => event.id)];
        cursor = half === 'upcoming' ? page.upcomingCursor : page.pastCursor;
      }
      return ids;
    };
    const rows = await t.database.db.selectFrom('events').select(['id', 'starts_at', 'ends_at']).execute();
    const upcomingIds = rows
      .filter((row) => Number(row.ends_at) > now)
      .sort((a, b) => Number(a.starts_at) - Number(b.starts_at) || Number(a.id) - Number(b.id))
      .map((row) => Number(row.id));
    const pastIds = rows
      .filter((row) => Number(row.ends_at) <= now)
      .sort((a, b) => Number(b.starts_at) - Number(a.starts_at) || Number(b.id) - Number(a.id))
      .map((row) => Number(row.id));
    expect(upcomingIds.length).toBeGreaterThan(4);
    expect(await walk('upcoming')).toEqual(upcomingIds);
    expect(await walk('past')).toEqual(pastIds);
    // The default page size is 20.
    const whole = await get('');
    expect(whole.upcoming.length).toBe(Math.min(20, upcomingIds.length));

    // The personal feed holds every event its owner answered, whatever page the list shows it on.
    const fan = await signInAs(t, { name: 'Feed fan' });
    for (const id of upcomingIds) await rsvp(t, fan, id, 'going');
    const created = await t.app.inject({ method: 'POST', url: '/api/events/feed', headers: fan.headers });
    const feed = await t.app.inject({ method: 'GET', url: new URL((created.json() as { url: string }).url).pathname });
    expect(feed.body.match(/BEGIN:VEVENT/g)?.length).toBe(upcomingIds.length);

    for (const query of ['?cursor=abc', '?when=upcoming&cursor=bogus', '?when=later', '?limit=0', '?limit=101']) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/events${query}`, headers: member.headers });
      expect(refused.statusCode, query).toBe(400);
      expect(Object.keys(refused.json()).sort(), query).toEqual(['error', 'message']);
    }
  });

  it('finds an event by id whatever the slug, and 404s an unknown id', async () => {
    const created = await createEventAs(t, manager, futureEvent({ title: 'Ünïcode & Friends!' }));
    expect(created.slug).toBe('unicode-friends');
    const found = await t.app.inject({ method: 'GET', url: `/api/events/${created.id}`, headers: member.headers });
    expect(found.json()).toMatchObject({ id: created.id, description: 'Bring a **mic**.' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/events/999999', headers: member.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const start = Math.floor(Date.now() / 1000) + 24 * HOUR;
    const bad: Array<[string, unknown]> = [
      ['end before start', futureEvent({ startsAt: start, endsAt: start - 60 })],
      ['end equal to start', futureEvent({ startsAt: start, endsAt: start })],
      ['longer than 14 days', futureEvent({ startsAt: start, endsAt: start + 15 * 24 * HOUR })],
      ['negative capacity', futureEvent({ capacity: -1 })],
      ['zero capacity', futureEvent({ capacity: 0 })],
      ['fractional capacity', futureEvent({ capacity: 2.5 })],
      ['huge capacity', futureEvent({ capacity: 1e9 })],
      ['huge title', futureEvent({ title: 'x'.repeat(10_000) })],
      ['blank title', futureEvent({ title: '   ' })],
      ['title with a newline (ics injection)', futureEvent({ title: 'a\r\nATTENDEE:evil' })],
      ['huge description', futureEvent({ description: 'x'.repeat(20_001) })],
      ['start as text', { ...futureEvent(), startsAt: '2026-12-01T20:00' }],
      ['start in year 1900', futureEvent({ startsAt: -2_208_988_800, endsAt: -2_208_985_200 })],
      ['start in year 3000', futureEvent({ startsAt: 32_503_680_000, endsAt: 32_503_683_600 })],
      ['server without group', futureEvent({ serverId: 'vs-1' })],
      ['hostile group id', futureEvent({ groupId: "vs' or 1=1 --" })],
      ['unknown field', { ...futureEvent(), organiserId: 'someone-else' }],
      ['not an object', 'hello'],
      ['missing times', { title: 'x' }],
    ];
    const before = await eventCount();
    for (const [what, payload] of bad) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { ...manager.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, what).toBe(400);
      expect(Object.keys(response.json()).sort(), what).toEqual(['error', 'message']);
    }
    for (const [what, payload] of [
      ['unknown group', futureEvent({ groupId: 'nope' })],
      ['server of another group', futureEvent({ groupId: 'vs', serverId: 'nope' })],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/events', headers: manager.headers, payload });
      expect(response.statusCode, what).toBe(400);
    }
    expect(await eventCount()).toBe(before);

    const event = await createEventAs(t, manager, futureEvent());
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      headers: manager.headers,
      payload: futureEvent({ title: 'Changed', startsAt: event.startsAt, endsAt: event.startsAt - 1 }),
    });
    expect(edit.statusCode).toBe(400);
    const rsvpBad = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}/rsvp`,
      headers: member.headers,
      payload: { response: 'definitely' },
    });
    expect(rsvpBad.statusCode).toBe(400);
    for (const url of ['/api/events/abc', '/api/events/-1', '/api/events/1e99', '/api/events/0']) {
      expect((await t.app.inject({ method: 'GET', url, headers: member.headers })).statusCode, url).toBe(400);
    }
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: member.headers })
    ).json();
    expect(after).toMatchObject({ title: 'Versus night', sequence: 0, going: [], maybe: [] });
  });

  it('edits bump the sequence, move the reminder and tell attendees; cancelling closes answers', async () => {
    const event = await createEventAs(t, manager, futureEvent({ title: 'Scavenge' }));
    const attendee = await signInAs(t, { name: 'Attendee Ann' });
    const bystander = await signInAs(t, { name: 'Bystander Bo' });
    await rsvp(t, attendee, event.id, 'maybe');
    await rsvp(t, bystander, event.id, 'not_going');
    await t.database.db.updateTable('events').set({ reminded_at: 123 }).where('id', '=', event.id).execute();

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      headers: manager.headers,
      payload: futureEvent({ title: 'Scavenge finals', startsAt: event.startsAt + HOUR, endsAt: event.endsAt + HOUR }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Scavenge finals', sequence: 1, startsAt: event.startsAt + HOUR });
    const row = await t.database.db
      .selectFrom('events')
      .select('reminded_at')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row.reminded_at).toBeNull();
    expect(await notificationsOf(t, attendee.userId)).toEqual(['The event “Scavenge finals” was changed']);
    expect(await notificationsOf(t, bystander.userId)).toEqual([]);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/cancel`,
      headers: manager.headers,
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', sequence: 2 });
    expect((await notificationsOf(t, attendee.userId)).at(-1)).toBe('The event “Scavenge finals” was cancelled');
    const late = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}/rsvp`,
      headers: bystander.headers,
      payload: { response: 'going' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'EVENT_CANCELLED' });
    const editCancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      headers: manager.headers,
      payload: futureEvent(),
    });
    expect(editCancelled.statusCode).toBe(409);
  });

  it('refuses answers to an event that is over', async () => {
    const now = Math.floor(Date.now() / 1000);
    const over = await createEventAs(t, manager, futureEvent({ startsAt: now - 3 * HOUR, endsAt: now - HOUR }));
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${over.id}/rsvp`,
      headers: member.headers,
      payload: { response: 'going' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'EVENT_ENDED' });
  });

  it('stores markdown as sent (the browser renders it through the kit) and echoes hostile text as data', async () => {
    const description = '<img src=x onerror=alert(1)> [x](javascript:alert(1)) <script>alert(1)</script>';
    const event = await createEventAs(t, manager, futureEvent({ description }));
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: member.headers })
    ).json() as EventDetail;
    expect(detail.description).toBe(description);
  });
});
