import type { RestrictionLimits } from '@outpost/contracts';
import { NO_RESTRICTION_LIMITS } from '@outpost/contracts';
import { useSessionStore } from '@outpost/host';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../test-support/catalogs';
import { ban, listedGroup, listedServer } from '../test-support/fixtures';
import { BanForm } from './ban-form';

// Issue 25 item 3: the ban form asks where the ban applies, offering only the scopes the
// user may give (the profile's permissions.limits.groups); the API checks every ban again.

afterEach(cleanup);

const GROUPS = [
  listedGroup('alpha', 'Alpha', 'tf2', [listedServer('a1', 'Alpha #1'), listedServer('a2', 'Alpha #2')]),
  listedGroup('bravo', 'Bravo', 'tf2', [listedServer('b1', 'Bravo #1')]),
];

function signInWith(limits: RestrictionLimits) {
  signInForTest(['bans.*']);
  const session = useSessionStore.getState().session;
  if (!session) throw new Error('no session');
  useSessionStore.getState().setSession({ ...session, permissions: { ...session.permissions, limits } });
}

function host() {
  return createTestHost({
    'GET /api/servers': () => ({ body: GROUPS }),
    'POST /api/bans': ({ body }) => ({ status: 201, body: ban(body as object) }),
  });
}

const scopeSelect = () => within(screen.getByRole('dialog')).getByLabelText('Applies to') as HTMLSelectElement;
const scopeOptions = () => [...scopeSelect().options].map((option) => option.textContent);

describe('the ban form’s scope', () => {
  it('offers every server, each group and each server without group limits, and sends the choice', async () => {
    const testHost = host();
    signInWith(NO_RESTRICTION_LIMITS);
    render(<BanForm steamid="76561197960265739" onDone={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(scopeOptions()).toHaveLength(6));
    expect(scopeOptions()).toEqual([
      'All servers',
      'Every server of Alpha',
      'Alpha #1',
      'Alpha #2',
      'Every server of Bravo',
      'Bravo #1',
    ]);
    expect(scopeSelect().value).toBe('community');
    const dialog = screen.getByRole('dialog');
    fireEvent.change(scopeSelect(), { target: { value: 'server:b1' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Griefing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban player' }));
    await waitFor(() => expect(testHost.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(testHost.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      scope: { kind: 'server', serverId: 'b1' },
    });
  });

  it('held to some groups, offers only those groups and their servers, never all servers', async () => {
    const testHost = host();
    signInWith({ ...NO_RESTRICTION_LIMITS, groups: ['alpha'] });
    render(<BanForm steamid="76561197960265739" onDone={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(scopeOptions()).toEqual(['Every server of Alpha', 'Alpha #1', 'Alpha #2']));
    expect(scopeSelect().value).toBe('group:alpha');
    expect(screen.getByText('Your roles hold your bans to these server groups.')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban player' }));
    await waitFor(() => expect(testHost.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(testHost.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      scope: { kind: 'group', groupId: 'alpha' },
    });
  });

  it('is not asked when editing (a ban keeps its scope)', () => {
    host();
    signInWith(NO_RESTRICTION_LIMITS);
    render(<BanForm ban={ban({ scope: { kind: 'group', groupId: 'alpha' } })} onDone={vi.fn()} onCancel={vi.fn()} />);
    expect(within(screen.getByRole('dialog')).queryByLabelText('Applies to')).toBeNull();
  });
});
