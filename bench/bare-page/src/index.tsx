// The bare baseline of `pnpm bench page-load`: React 19 and react-router rendering one table
// from one fetched JSON (GET /api/servers), nothing else. Outpost's `/` is measured against it.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';

interface Server {
  id: string;
  name: string;
  status: { online: boolean; data?: { players?: unknown[]; maxplayers?: number; map?: string } | null } | null;
}
interface Group {
  id: string;
  name: string;
  servers: Server[];
}

function ServerTable() {
  const [groups, setGroups] = useState<Group[]>([]);
  useEffect(() => {
    void fetch('/api/servers')
      .then((response) => response.json())
      .then(setGroups);
  }, []);
  return (
    <table>
      <thead>
        <tr>
          <th>Group</th>
          <th>Server</th>
          <th>Players</th>
          <th>Map</th>
        </tr>
      </thead>
      <tbody>
        {groups.flatMap((group) =>
          group.servers.map((server) => (
            <tr key={server.id}>
              <td>{group.name}</td>
              <td>{server.name}</td>
              <td>
                {server.status?.data?.players?.length ?? 0}/{server.status?.data?.maxplayers ?? 0}
              </td>
              <td>{server.status?.data?.map ?? ''}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <BrowserRouter>
    <Routes>
      <Route path="*" element={<ServerTable />} />
    </Routes>
  </BrowserRouter>,
);
