import type { RestrictionLimits } from '@outpost/contracts';
import { useSessionStore } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../test-support/catalogs';
import { ban } from '../test-support/fixtures';
import { BanForm } from './ban-form';

// Issue 25 item 4: the ban form offers only the lengths the signed-in user's roles let them
// give (from the profile's permissions.limits); the API checks every ban again.

afterEach(cleanup);

const DAY = 86400;
const LIMITED: RestrictionLimits = {
  ban: { maxSeconds: 7 * DAY, permanent: false },
  comm: { maxSeconds: 3600, permanent: false },
  liftOthers: false,
};

function signInWith(limits: RestrictionLimits | undefined) {
  signInForTest(['bans.*']);
  const session = useSessionStore.getState().session;
  if (!session) throw new Error('no session');
  useSessionStore.getState().setSession({ ...session, permissions: { ...session.permissions, limits } });
}

function lengthOptions() {
  const select = within(screen.getByRole('dialog')).getByLabelText('Length') as HTMLSelectElement;
  return [...select.options].map((option) => option.textContent);
}

describe('the ban form’s lengths', () => {
  it('offers every length, permanent included, without limits', () => {
    createTestHost({});
    signInWith(undefined);
    render(<BanForm onDone={vi.fn()} onCancel={vi.fn()} />);
    expect(lengthOptions()).toEqual([
      'Permanent',
      '1 hour',
      '1 day',
      '3 days',
      '1 week',
      '2 weeks',
      '30 days',
      '1 year',
    ]);
    expect(screen.queryByText(/Your roles let you/)).toBeNull();
  });

  it('offers only lengths within the role limit, per type, and says what the limit is', async () => {
    const testHost = createTestHost({ 'POST /api/bans': ({ body }) => ({ status: 201, body: ban(body as object) }) });
    signInWith(LIMITED);
    render(<BanForm steamid="76561197960265739" onDone={vi.fn()} onCancel={vi.fn()} />);
    expect(lengthOptions()).toEqual(['1 hour', '1 day', '3 days', '1 week']);
    expect(screen.getByText('Your roles let you give bans of at most 7 days.')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'mute' } });
    // 1 day was picked; a mute may last an hour at most, so the form falls back to that.
    expect(lengthOptions()).toEqual(['1 hour']);
    expect((within(dialog).getByLabelText('Length') as HTMLSelectElement).value).toBe('3600');
    expect(screen.getByText('Your roles let you give comm blocks of at most 1 hour.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban player' }));
    await waitFor(() => expect(testHost.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(testHost.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ type: 'mute', length: 3600 });
  });

  it('offers the limit itself when no preset equals it, and permanent when a role allows it', () => {
    createTestHost({});
    signInWith({ ...LIMITED, ban: { maxSeconds: 5 * DAY, permanent: true } });
    render(<BanForm onDone={vi.fn()} onCancel={vi.fn()} />);
    expect(lengthOptions()).toEqual(['Permanent', '1 hour', '1 day', '3 days', '5 days (your limit)']);
    expect(screen.getByText('Your roles let you give bans of at most 5 days, or permanent ones.')).toBeTruthy();
  });

  it('editing, offers shorter lengths than the ban’s own even beyond the limit, but nothing longer', () => {
    createTestHost({});
    signInWith(LIMITED);
    render(<BanForm ban={ban({ length: 30 * DAY })} onDone={vi.fn()} onCancel={vi.fn()} />);
    expect(lengthOptions()).toEqual(['1 hour', '1 day', '3 days', '1 week', '2 weeks', '30 days']);
  });
});
