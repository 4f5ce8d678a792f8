import { createTestHost, jsonResponse as json, signInForTest, type TestHost } from '@outpost/host/testing';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAction, makeGroup, makeServer } from '../../test-support/fixtures';
import { makeManagedGroup } from '../../test-support/managed';
import { GroupAdmin } from './group-admin';
import { ServersLegacy } from './servers-legacy';
import '../../test-support/catalogs';

let host: TestHost;
const group = makeGroup({
  templateId: 'coop-template',
  servers: [makeServer({ actions: [makeAction({ name: 'Restart', command: 'restart' })] })],
});

beforeEach(() => {
  host = createTestHost((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/servers') return json([group, makeGroup({ id: 'other', name: 'Other', servers: [] })]);
    if (path === '/api/servers/groups/coop' && request.method === 'GET') return json(makeManagedGroup());
    if (path === '/api/servers/groups/coop' && request.method === 'DELETE') return new Response(null, { status: 204 });
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  signInForTest(null);
});

async function renderAt(path: string, element: React.ReactNode, pattern: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
      </Routes>
    </MemoryRouter>,
  );
  await act(async () => {});
}

describe('GroupAdmin', () => {
  it('shows the group, its servers with actions, and the manage buttons the user may use', async () => {
    signInForTest(['servers.*']);
    await renderAt('/admin/servers/coop', <GroupAdmin />, '/admin/servers/:groupId');
    expect(screen.getByRole('heading', { name: 'Coop Servers' })).toBeTruthy();
    const row = screen.getByRole('row', { name: /Coop #1/ });
    expect(within(row).getByRole('button', { name: 'Restart' })).toBeTruthy();
    for (const name of ['Edit group', 'Add server', 'Create New Instance', 'Delete group'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('hides management from users who may only run actions', async () => {
    signInForTest(['servers.action.*']);
    await renderAt('/admin/servers/coop', <GroupAdmin />, '/admin/servers/:groupId');
    expect(screen.queryByRole('button', { name: 'Delete group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create New Instance' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restart' })).toBeTruthy();
  });

  it('deletes the group after asking, then goes back to all groups', async () => {
    signInForTest(['servers.*']);
    await renderAt('/admin/servers/coop', <GroupAdmin />, '/admin/servers/:groupId');
    fireEvent.click(screen.getByRole('button', { name: 'Delete group' }));
    expect(screen.getByText('Delete Coop Servers and its 1 servers?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Delete Coop Servers and its 1 servers?' })).getByRole('button', {
          name: 'Delete group',
        }),
      );
    });
    expect(host.requests.some((request) => request.method === 'DELETE')).toBe(true);
    expect(host.navigations).toEqual(['/admin/servers']);
  });

  it('says so when the group does not exist', async () => {
    signInForTest(['servers.*']);
    await renderAt('/admin/servers/nope', <GroupAdmin />, '/admin/servers/:groupId');
    expect(screen.getByText("There is no server group 'nope'.")).toBeTruthy();
  });
});

describe('ServersLegacy', () => {
  it('lists every server of every group in one table', async () => {
    signInForTest(['servers.*']);
    await renderAt('/admin/servers-legacy', <ServersLegacy />, '/admin/servers-legacy');
    const row = screen.getByRole('row', { name: /Coop #1/ });
    expect(within(row).getByRole('link', { name: 'Coop Servers' }).getAttribute('href')).toBe('/admin/servers/coop');
    expect(row.textContent).toContain('coop1.example.org:27015');
    expect(within(row).getByRole('button', { name: 'Restart' })).toBeTruthy();
  });
});
