import { createTestHost, jsonResponse as json, type TestHost } from '@outpost/host/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeGroup } from '../../test-support/fixtures';
import { makeManagedServer } from '../../test-support/managed';
import { CreateServerWizard } from './create-server-wizard';
import '../../test-support/catalogs';

let host: TestHost;
let online = false;
let checkAvailable = true;

beforeEach(() => {
  online = false;
  checkAvailable = true;
  host = createTestHost((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/servers' && request.method === 'GET') return json([makeGroup()]);
    if (path === '/api/servers/check' && !checkAvailable)
      return json({ error: 'UNAVAILABLE', message: 'The poller is busy' }, 503, 'Service Unavailable');
    if (path === '/api/servers/check')
      return json(
        online
          ? { online: true, data: { players: [], maxplayers: 8, map: 'c5m1_waterfront' }, message: null }
          : { online: false, data: null, message: 'No answer within 3 s' },
      );
    if (path === '/api/servers' && request.method === 'POST') return json(makeManagedServer({ id: 'new-1' }), 201);
    return undefined;
  });
});
afterEach(cleanup);

const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CreateServerWizard', () => {
  it('validates each step, and saves only after the server answered a live query', async () => {
    render(<CreateServerWizard />);
    await act(async () => {});
    await click('Next');
    expect(screen.getAllByRole('alert').length).toBeGreaterThan(0); // name, host, ip, port missing
    type('Name', 'Coop #9');
    type('Host', 'coop9.example.org');
    type('IP', '127.0.0.1');
    type('Port', '27019');
    await click('Next');
    type('RCON password', 'secret');
    await click('Next');
    expect((screen.getByRole('button', { name: 'Save server' }) as HTMLButtonElement).disabled).toBe(true);

    await click('Check server');
    expect(screen.getByRole('alert').textContent).toContain('No answer within 3 s');
    expect((screen.getByRole('button', { name: 'Save server' }) as HTMLButtonElement).disabled).toBe(true);
    const check = host.requests.find((request) => request.url.endsWith('/api/servers/check'));
    expect(await check?.json()).toEqual({ game: 'l4d2', ip: '127.0.0.1', port: 27019, queryPort: null });

    online = true;
    await click('Check again');
    expect(screen.getByRole('status').textContent).toContain('0/8 players on c5m1_waterfront');
    await click('Save server');
    const saved = host.requests.find((request) => request.method === 'POST' && request.url.endsWith('/api/servers'));
    expect(await saved?.json()).toMatchObject({
      groupId: 'coop',
      name: 'Coop #9',
      port: 27019,
      rconPassword: 'secret',
    });
    expect(host.navigations).toEqual(['/admin/servers/coop/new-1']);
  });

  it('cannot save when the live check could not run', async () => {
    checkAvailable = false;
    render(<CreateServerWizard />);
    await act(async () => {});
    type('Name', 'Coop #9');
    type('Host', 'coop9.example.org');
    type('IP', '127.0.0.1');
    type('Port', '27019');
    await click('Next');
    await click('Next');
    await click('Check server');
    expect(screen.getByRole('alert').textContent).toContain('The live check could not run');
    expect(host.notifications).toEqual([{ level: 'error', title: 'UNAVAILABLE', message: 'The poller is busy' }]);
    expect((screen.getByRole('button', { name: 'Save server' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
