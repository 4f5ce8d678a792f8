import type { Tour } from '@outpost/contracts';
import { setLocale } from '@outpost/host';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../test-support/fake-api';
import { useToastStore } from '../toasts/toast-store';
import TourOverlay from './tour-overlay';
import { TOUR_STORAGE_KEY, useTourStore } from './tour-store';
import { useTourFromQuery } from './use-tour-from-query';

const TOUR: Tour = {
  id: 'join-server',
  title: 'Joining a server',
  steps: [
    { path: '/', target: '.server-group', title: 'Our servers', body: 'Every table is a group.' },
    { target: '.join-link', optional: true, title: 'Join', body: 'Press Join.' },
    { target: '.help', title: 'Still stuck?', body: 'Read the help.' },
    { path: '/other', target: '#other', title: 'Another page', body: 'Tours cross pages.' },
  ],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function Harness() {
  const touring = useTourFromQuery();
  return (
    <>
      <Routes>
        <Route
          path="/"
          element={
            <main>
              <section className="server-group">Servers</section>
              <aside className="help">Help</aside>
              <input aria-label="Search" />
            </main>
          }
        />
        <Route path="/other" element={<p id="other">Other</p>} />
        <Route path="/missing" element={<p>Nothing to point at</p>} />
      </Routes>
      <Where />
      {touring && (
        <Suspense fallback={null}>
          <TourOverlay waitMs={300} />
        </Suspense>
      )}
    </>
  );
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Harness />
    </MemoryRouter>,
  );
}

const stepTitle = () => screen.findByRole('heading', { level: 2 });

beforeEach(() => {
  sessionStorage.clear();
  useTourStore.getState().end();
  useToastStore.setState({ items: [] });
  installFakeApi({ 'GET /tutorials/tours/join-server.json': { body: TOUR } });
});
afterEach(() => {
  cleanup();
  useTourStore.getState().end();
});

describe('guided tours', () => {
  it('walks the steps with Next and Back, passes over a missing optional step, and crosses pages', async () => {
    renderAt('/?tour=join-server');
    expect((await stepTitle()).textContent).toBe('Our servers');
    expect(screen.getByRole('dialog').textContent).toContain('Joining a server · step 1 of 4');
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Step 2's element (.join-link) is not there and the step is optional: it is passed over.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Still stuck?'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Our servers'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Still stuck?'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Another page'));
    expect(screen.getByTestId('where').textContent).toContain('/other');
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem(TOUR_STORAGE_KEY)).toBeNull();
    expect(useToastStore.getState().items).toEqual([]);
  });

  it('is keyboard operable: arrows step, Escape skips, and arrows typed in a field are left alone', async () => {
    renderAt('/?tour=join-server');
    expect((await stepTitle()).textContent).toBe('Our servers');
    // The panel takes the focus in the effect that found the step's element (a commit later under load).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('dialog')));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Still stuck?'));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Search' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Still stuck?');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Our servers'));
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The address no longer asks for the tour, so a reload does not start it again.
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('resumes at the same step after a reload', async () => {
    const first = renderAt('/?tour=join-server');
    expect((await stepTitle()).textContent).toBe('Our servers');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Still stuck?'));
    first.unmount();
    act(() => useTourStore.setState({ status: 'idle' })); // a reload forgets memory, not session storage
    renderAt('/?tour=join-server');
    expect((await stepTitle()).textContent).toBe('Still stuck?');
  });

  it('ends cleanly with a message when a step element is missing', async () => {
    installFakeApi({
      'GET /tutorials/tours/join-server.json': {
        body: { ...TOUR, steps: [{ path: '/missing', target: '.nowhere', title: 'Gone', body: 'Not here.' }] },
      },
    });
    renderAt('/missing?tour=join-server');
    await waitFor(() => expect(useToastStore.getState().items).toHaveLength(1));
    expect(useToastStore.getState().items[0]).toMatchObject({
      title: 'Tour ended',
      text: 'The tour “Joining a server” has ended: “Gone” is not on this page.',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem(TOUR_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['an unknown tour', 'nope', 'The tour "nope" was not found.'],
    ['a malformed tour name', '../x', '"../x" is not a tour name.'],
  ])('says so for %s', async (_what, id, text) => {
    renderAt(`/?tour=${encodeURIComponent(id)}`);
    await waitFor(() => expect(useToastStore.getState().items[0]).toMatchObject({ text }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the tour cannot be fetched', async () => {
    installFakeApi({ 'GET /tutorials/tours/join-server.json': new TypeError('Failed to fetch') });
    renderAt('/?tour=join-server');
    await waitFor(() =>
      expect(useToastStore.getState().items[0]).toMatchObject({ text: 'The tour "join-server" could not be loaded.' }),
    );
  });

  it("says why in the reader's language", async () => {
    await act(() => setLocale('de'));
    try {
      renderAt('/?tour=nope');
      await waitFor(() =>
        expect(useToastStore.getState().items[0]).toMatchObject({
          title: 'Tour beendet',
          text: 'Die Tour „nope“ wurde nicht gefunden.',
        }),
      );
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it('refuses a damaged tour file', async () => {
    installFakeApi({ 'GET /tutorials/tours/join-server.json': { body: { id: 'join-server', steps: 'no' } } });
    renderAt('/?tour=join-server');
    await waitFor(() =>
      expect(useToastStore.getState().items[0]).toMatchObject({ text: 'The tour "join-server" is damaged.' }),
    );
  });
});
