import type { EventDetail } from '@outpost/contracts';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { createEventAs, futureEvent, rsvp } from './events-test-kit';

// .ics output checked by an independent parser (ical.js, Mozilla's, used by Thunderbird),
// plus the RFC 5545 framing rules a parser forgives: CRLF line ends, lines of at most 75
// octets, required properties present.

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

function onlyEvent(text: string) {
  const { events } = parseCalendar(text);
  expect(events).toHaveLength(1);
  return events[0] as InstanceType<typeof ICAL.Component>;
}

function assertRfc5545Framing(text: string) {
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(text.endsWith('END:VCALENDAR\r\n') || text.endsWith('END:VCALENDAR')).toBe(true);
  // Every line break is CRLF.
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
}

describe.each(testDatabases())('.ics output on $name', (kind) => {
  let t: TestApp;
  let manager: SignedIn;
  let member: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind, { EVENT_REMINDER_INTERVAL_MS: '0', SITE_NAME: 'Outpost Test' });
    manager = await signInAs(t, { name: 'Organiser', codes: ['events.manage'] });
    member = await signInAs(t, { name: 'Member' });
  });
  afterAll(async () => t?.close());

  const download = (id: number, who: SignedIn = member) =>
    t.app.inject({ method: 'GET', url: `/api/events/${id}/ics`, headers: who.headers });

  it('is a valid VCALENDAR with UID, DTSTAMP, UTC times, SUMMARY, DESCRIPTION, URL and SEQUENCE', async () => {
    // A title and description full of what iCalendar must escape, and long enough to fold.
    const title = 'Cup; round 1, “finals” \\ ✓';
    const description = `Line one\nLine two; with, commas\n${'Ünïcödé '.repeat(30)}`;
    const event = await createEventAs(
      t,
      manager,
      futureEvent({ title, description, startsAt: 1_798_754_400, endsAt: 1_798_761_600 }),
    );
    const response = await download(event.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${event.slug}.ics"`);
    assertRfc5545Framing(response.body);
    expect(response.body).toContain('DTSTART:20261231T220000Z');
    expect(response.body).toContain('DTEND:20270101T000000Z');

    const { calendar, events } = parseCalendar(response.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(String(calendar.getFirstPropertyValue('prodid'))).toContain('Outpost');
    expect(events).toHaveLength(1);
    const component = events[0] as InstanceType<typeof ICAL.Component>;
    const vevent = new ICAL.Event(component);
    expect(vevent.uid).toBe(`event-${event.id}@outpost.test`);
    expect(vevent.summary).toBe(title);
    expect(vevent.description).toBe(description);
    expect(vevent.startDate.toUnixTime()).toBe(1_798_754_400);
    expect(vevent.endDate.toUnixTime()).toBe(1_798_761_600);
    expect(vevent.startDate.zone?.tzid).toBe('UTC');
    expect(vevent.endDate.zone?.tzid).toBe('UTC');
    expect(vevent.sequence).toBe(0);
    expect(component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(String(component.getFirstPropertyValue('url'))).toBe(`${TEST_PUBLIC_URL}/events/${event.id}/${event.slug}`);
    expect(component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('bumps SEQUENCE on each change and says CANCELLED once cancelled', async () => {
    const event = await createEventAs(t, manager, futureEvent({ title: 'Moving' }));
    await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      headers: manager.headers,
      payload: futureEvent({ title: 'Moved', startsAt: event.startsAt + 3600, endsAt: event.endsAt + 3600 }),
    });
    let vevent = onlyEvent((await download(event.id)).body);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(1);
    expect(vevent.getFirstPropertyValue('summary')).toBe('Moved');
    await t.app.inject({ method: 'POST', url: `/api/events/${event.id}/cancel`, headers: manager.headers });
    vevent = onlyEvent((await download(event.id)).body);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('uid')).toBe(`event-${event.id}@outpost.test`);
  });

  it('needs sign-in, and 404s an unknown event', async () => {
    const event = await createEventAs(t, manager, futureEvent());
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/ics` })).statusCode).toBe(401);
    expect((await download(987654)).statusCode).toBe(404);
  });

  describe('the calendar feed', () => {
    it('lists the events its owner answered going or maybe, by a secret only its hash is kept of', async () => {
      const owner = await signInAs(t, { name: 'Feed owner' });
      const going = await createEventAs(t, manager, futureEvent({ title: 'Going one' }));
      const maybe = await createEventAs(t, manager, futureEvent({ title: 'Maybe one' }));
      const declined = await createEventAs(t, manager, futureEvent({ title: 'Declined one' }));
      await createEventAs(t, manager, futureEvent({ title: 'Unanswered one' }));
      await rsvp(t, owner, going.id, 'going');
      await rsvp(t, owner, maybe.id, 'maybe');
      await rsvp(t, owner, declined.id, 'not_going');

      const status0 = await t.app.inject({ method: 'GET', url: '/api/events/feed', headers: owner.headers });
      expect(status0.json()).toEqual({ exists: false, createdAt: null });
      const created = await t.app.inject({ method: 'POST', url: '/api/events/feed', headers: owner.headers });
      expect(created.statusCode).toBe(201);
      const { url } = created.json() as { url: string };
      expect(url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/api/events/feed/opcf_[A-Za-z0-9_-]{43}\\.ics$`));
      const secret = url.split('/').at(-1)?.replace('.ics', '') as string;
      const stored = await t.database.db.selectFrom('event_feed_tokens').selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(secret);
      // The status never repeats the URL.
      const status1 = await t.app.inject({ method: 'GET', url: '/api/events/feed', headers: owner.headers });
      expect(status1.body).not.toContain(secret);
      expect(status1.json()).toMatchObject({ exists: true });

      // No cookie: the secret alone opens it.
      const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(feed.statusCode).toBe(200);
      assertRfc5545Framing(feed.body);
      const summaries = parseCalendar(feed.body).events.map((vevent) => vevent.getFirstPropertyValue('summary'));
      expect(summaries.sort()).toEqual(['Going one', 'Maybe one']);
      expect(feed.body).toContain('X-WR-CALNAME:Outpost Test events');
    });

    it('a new secret replaces the old one, and revoking ends it', async () => {
      const owner = await signInAs(t, { name: 'Rotator' });
      const first = (
        await t.app.inject({ method: 'POST', url: '/api/events/feed', headers: owner.headers })
      ).json() as {
        url: string;
      };
      const second = (
        await t.app.inject({ method: 'POST', url: '/api/events/feed', headers: owner.headers })
      ).json() as {
        url: string;
      };
      expect(second.url).not.toBe(first.url);
      expect((await t.app.inject({ method: 'GET', url: new URL(first.url).pathname })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: new URL(second.url).pathname })).statusCode).toBe(200);
      const revoked = await t.app.inject({ method: 'DELETE', url: '/api/events/feed', headers: owner.headers });
      expect(revoked.statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: new URL(second.url).pathname })).statusCode).toBe(404);
    });

    it('refuses malformed and guessed addresses with 4xx', async () => {
      for (const path of [
        '/api/events/feed/short.ics',
        `/api/events/feed/${'a'.repeat(43)}.txt`,
        `/api/events/feed/${'a'.repeat(43)}.ics`,
        `/api/events/feed/..%2F..%2F${'a'.repeat(40)}.ics`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url: path });
        expect([400, 404], path).toContain(response.statusCode);
        expect(response.json(), path).toHaveProperty('error');
      }
    });
  });

  it('keeps an event answered by the viewer in the detail after download (no side effects)', async () => {
    const event = await createEventAs(t, manager, futureEvent());
    await rsvp(t, member, event.id, 'going');
    await download(event.id);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: member.headers })
    ).json() as EventDetail;
    expect(detail.myResponse).toBe('going');
  });
});
