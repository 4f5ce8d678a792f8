import type { EventDetail, EventSummary } from '@outpost/contracts';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { EventsRoot } from './events-root';

const NOW = Math.floor(Date.now() / 1000);
const summary: EventSummary = {
  id: 7,
  title: 'Versus night',
  slug: 'versus-night',
  startsAt: NOW + 86_400,
  endsAt: NOW + 86_400 + 7200,
  status: 'scheduled',
  place: { groupId: 'vs', groupName: 'Versus', serverId: 'vs-1', serverName: 'Versus #1' },
  organiserId: 'u1',
  organiserName: 'Olga',
  capacity: 2,
  goingCount: 2,
  maybeCount: 1,
  waitlistCount: 1,
  myResponse: null,
  myWaitlisted: false,
  myWaitlistPosition: null,
};
const attendee = (userId: string, name: string) => ({ userId, name, respondedAt: NOW });
const detail: EventDetail = {
  ...summary,
  description: 'Bring a **mic**.',
  createdAt: NOW - 100,
  updatedAt: NOW - 100,
  sequence: 0,
  going: [attendee('a', 'Ann'), attendee('b', 'Bob')],
  maybe: [attendee('c', 'Cat')],
  notGoing: [],
  waitlist: [attendee('d', 'Dan')],
};

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/events/*"
          element={
            <>
              <EventsRoot />
              <CurrentPath />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('events pages', () => {
  afterEach(cleanup);

  it('lists upcoming events before past ones, with time, place, organiser and attendance', async () => {
    signInForTest([]);
    const past = { ...summary, id: 3, title: 'Old cup', slug: 'old-cup', startsAt: NOW - 90_000, endsAt: NOW - 86_400 };
    createTestHost({
      'GET /api/events': { body: { upcoming: [summary], past: [past], upcomingCursor: null, pastCursor: null } },
      'GET /api/events/feed': { body: { exists: false, createdAt: null } },
    });
    renderAt('/events');
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    expect(within(upcoming).getByRole('link', { name: 'Versus night' }).getAttribute('href')).toBe(
      '/events/7/versus-night',
    );
    expect(upcoming.textContent).toContain('Versus #1 (Versus)');
    expect(upcoming.textContent).toContain('by Olga');
    expect(upcoming.textContent).toContain('2 of 2 going · 1 waiting · 1 maybe');
    expect(upcoming.textContent).toContain('Full');
    expect(within(screen.getByRole('region', { name: 'Past' })).getByRole('link', { name: 'Old cup' })).toBeTruthy();
    // Members cannot create events.
    expect(screen.queryByRole('button', { name: /New event/ })).toBeNull();
  });

  it('shows more of each half on demand, one page at a time', async () => {
    signInForTest([]);
    const numbered = (id: number, title: string) => ({ ...summary, id, title, slug: title.toLowerCase() });
    const api = createTestHost({
      'GET /api/events?when=past&cursor=p1': {
        body: { upcoming: [], past: [numbered(12, 'Past two')], upcomingCursor: null, pastCursor: 'p2' },
      },
      'GET /api/events?when=past&cursor=p2': {
        body: { upcoming: [], past: [numbered(13, 'Past three')], upcomingCursor: null, pastCursor: null },
      },
      'GET /api/events': {
        body: { upcoming: [summary], past: [numbered(11, 'Past one')], upcomingCursor: null, pastCursor: 'p1' },
      },
      'GET /api/events/feed': { body: { exists: false, createdAt: null } },
    });
    renderAt('/events');
    const past = await screen.findByRole('region', { name: 'Past' });
    // Everything upcoming is shown already: no button there.
    expect(within(screen.getByRole('region', { name: 'Upcoming' })).queryByRole('button')).toBeNull();
    fireEvent.click(within(past).getByRole('button', { name: 'Show more past events' }));
    expect(await within(past).findByRole('link', { name: 'Past two' })).toBeTruthy();
    fireEvent.click(within(past).getByRole('button', { name: 'Show more past events' }));
    expect(await within(past).findByRole('link', { name: 'Past three' })).toBeTruthy();
    expect(
      within(past)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Past one', 'Past two', 'Past three']);
    await waitFor(() => expect(within(past).queryByRole('button', { name: 'Show more past events' })).toBeNull());
    expect(api.paths().filter((path) => path.startsWith('GET /api/events?'))).toEqual([
      'GET /api/events?when=past&cursor=p1',
      'GET /api/events?when=past&cursor=p2',
    ]);
  });

  it('corrects a wrong or missing title slug in the URL', async () => {
    signInForTest([]);
    createTestHost({ 'GET /api/events/7': { body: detail } });
    renderAt('/events/7/wrong-title');
    await screen.findByRole('heading', { name: 'Versus night', level: 1 });
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/events/7/versus-night'));
    cleanup();
    renderAt('/events/7');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/events/7/versus-night'));
  });

  it('shows attendees and the waiting list, and answering going to a full event joins the waiting list', async () => {
    signInForTest([]);
    const t = createTestHost({
      'GET /api/events/7': { body: detail },
      'PUT /api/events/7/rsvp': {
        body: {
          ...detail,
          myResponse: 'going',
          myWaitlisted: true,
          myWaitlistPosition: 2,
          waitlist: [...detail.waitlist, attendee('me', 'Me')],
          waitlistCount: 2,
        },
      },
    });
    renderAt('/events/7/versus-night');
    await screen.findByRole('heading', { name: 'Going (2)' });
    expect(screen.getByRole('heading', { name: 'Waiting list (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Maybe (1)' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /Add to calendar/ });
    expect(link.getAttribute('href')).toBe('/api/events/7/ics');
    fireEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    await screen.findByText(/you are number 2 on the waiting list/);
    expect(t.calls.find((call) => call.method === 'PUT')?.body).toEqual({ response: 'going' });
    expect(screen.getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe('true');
    // No manager controls for a member.
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('renders hostile markdown inert', async () => {
    signInForTest([]);
    const payloads = [
      '<img src=x onerror="window.__xss=1">',
      '<script>window.__xss=1</script>',
      '[click](javascript:window.__xss=1)',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<a href="vbscript:msgbox(1)">vb</a>',
      '<iframe src="javascript:window.__xss=1"></iframe>',
      '<svg onload="window.__xss=1"></svg>',
      '<div style="background:url(javascript:window.__xss=1)">s</div>',
      '<form action="javascript:window.__xss=1"><button>go</button></form>',
    ];
    createTestHost({ 'GET /api/events/7': { body: { ...detail, description: payloads.join('\n\n') } } });
    const { container } = renderAt('/events/7/versus-night');
    await screen.findByRole('heading', { name: 'Versus night', level: 1 });
    const description = await waitFor(() => {
      const element = container.querySelector('.event-description');
      if (!element || element.querySelector('p') === null) throw new Error('not rendered yet');
      return element;
    });
    expect(description.querySelector('script, iframe, svg, form')).toBeNull();
    for (const element of description.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith('on'), attribute.name).toBe(false);
        expect(/^\s*(javascript|vbscript|data):/i.test(attribute.value), attribute.value).toBe(false);
      }
    }
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('managers create an event from the list; the form checks times before sending', async () => {
    signInForTest(['events.manage']);
    const t = createTestHost({
      'GET /api/events': { body: { upcoming: [], past: [], upcomingCursor: null, pastCursor: null } },
      'GET /api/events/feed': { body: { exists: false, createdAt: null } },
      'GET /api/servers': { body: [] },
      'POST /api/events': { status: 201, body: { ...detail, id: 9, title: 'New one', slug: 'new-one' } },
      'GET /api/events/9': { body: { ...detail, id: 9, title: 'New one', slug: 'new-one' } },
    });
    renderAt('/events');
    fireEvent.click(await screen.findByRole('button', { name: /New event/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'New one' } });
    fireEvent.change(within(dialog).getByLabelText('Starts'), { target: { value: '2031-05-01T20:00' } });
    fireEvent.change(within(dialog).getByLabelText('Ends'), { target: { value: '2031-05-01T19:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByText('The event must end after it starts')).toBeTruthy();
    expect(t.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Ends'), { target: { value: '2031-05-01T22:00' } });
    fireEvent.change(within(dialog).getByLabelText('Places'), { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByText(/A whole number from 1/)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Places'), { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/events/9/new-one'));
    const sent = t.calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ title: 'New one', capacity: 8, groupId: null, serverId: null });
    expect(sent.endsAt).toBe((sent.startsAt as number) + 2 * 3600);
  });

  it('shows a new calendar feed address once, and asks before replacing it', async () => {
    signInForTest([]);
    let exists = false;
    createTestHost({
      'GET /api/events': { body: { upcoming: [], past: [], upcomingCursor: null, pastCursor: null } },
      'GET /api/events/feed': () => ({ body: { exists, createdAt: exists ? NOW : null } }),
      'POST /api/events/feed': () => {
        exists = true;
        return {
          status: 201,
          body: { url: 'http://outpost.test/api/events/feed/secret-abcdefghijklmnopqrstuvwxyz.ics', createdAt: NOW },
        };
      },
    });
    renderAt('/events');
    fireEvent.click(await screen.findByRole('button', { name: /Make a feed address/ }));
    const input = (await screen.findByLabelText(/Your feed address/)) as HTMLInputElement;
    expect(input.value).toContain('/api/events/feed/secret-');
    fireEvent.click(await screen.findByRole('button', { name: /Make a new feed address/ }));
    expect(await screen.findByRole('dialog', { name: 'Make a new feed address?' })).toBeTruthy();
  });
});
