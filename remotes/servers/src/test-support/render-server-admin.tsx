import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ServerAdmin } from '../features/manage/server-admin';
import './catalogs';

/** Renders a server's admin page for group `coop`, server `coop-1`, and lets its loads settle. */
export async function renderServerAdmin() {
  render(
    <MemoryRouter initialEntries={['/admin/servers/coop/coop-1']}>
      <Routes>
        <Route path="/admin/servers/:groupId/:serverId" element={<ServerAdmin />} />
      </Routes>
    </MemoryRouter>,
  );
  await act(async () => {});
}
