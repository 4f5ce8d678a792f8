import { createTestHost, jsonResponse as json, signInForTest } from '@outpost/host/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeAction, makeServer } from '../../test-support/fixtures';
import { ActionButtons } from './action-buttons';
import '../../test-support/catalogs';

afterEach(() => {
  cleanup();
  signInForTest(null);
});

const actions = [
  makeAction({ name: 'Restart', command: 'restart' }),
  makeAction({ name: 'Start', command: 'start', showWhen: 'offline' }),
  makeAction({ name: 'Change Map', command: 'changemap', requiresFeatures: ['sourcemod'] }),
  makeAction({ name: 'Secret', command: 'secret', isHidden: true }),
  makeAction({ name: 'Request Stop', command: 'builtin:request_stop', showWhen: 'online' }),
];

const names = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('ActionButtons', () => {
  it('shows the actions SPEC 5 allows for the server’s state and features', () => {
    createTestHost(() => undefined);
    signInForTest(['servers.action.*']);
    render(<ActionButtons server={makeServer({ online: true, features: [], actions })} />);
    expect(names()).toEqual(['Restart', 'Request Stop']);
    cleanup();
    render(<ActionButtons server={makeServer({ online: false, features: ['sourcemod'], actions })} />);
    expect(names()).toEqual(['Restart', 'Start', 'Change Map']);
  });

  it('hides actions the user has no permission to run', () => {
    createTestHost(() => undefined);
    signInForTest(['servers.action.restart']);
    render(<ActionButtons server={makeServer({ actions })} />);
    expect(names()).toEqual(['Restart']);
  });

  it('runs an action and toasts the result', async () => {
    const host = createTestHost((request) =>
      request.url.endsWith('/action/builtin%3Arequest_stop')
        ? json({ error: 'PLAYERS_ONLINE', message: 'Refused: 2 players online' }, 409, 'Conflict')
        : new Response(null, { status: 204 }),
    );
    signInForTest([], 'z');
    render(<ActionButtons server={makeServer({ actions })} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Restart' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Request Stop' }));
    });
    expect(host.notifications).toEqual([
      { level: 'success', message: 'Restart ran successfully' },
      { level: 'error', message: 'Request failed: There are players online.' },
    ]);
  });
});
