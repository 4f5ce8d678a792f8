// The bare baseline of `pnpm bench page-load`: React 19 and react-router rendering one table
// from one fetched JSON (GET /api/servers), nothing else. Outpost's `/` is measured against it.
// With ?table=bans it shows the first 50 bans instead (GET /api/bans?limit=50, the signed-in
// caller's cookie sent): the baseline of `pnpm bench admin-bans-load` for /admin/bans.
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

interface Ban {
  id: number;
  playerName: string | null;
  steamid: string | null;
  reason: string;
  createdAt: number;
}

function BanTable() {
  const [bans, setBans] = useState<Ban[]>([]);
  useEffect(() => {
    void fetch('/api/bans?limit=50')
      .then((response) => response.json())
      .then((page: { bans: Ban[] }) => setBans(page.bans));
  }, []);
  return (
    <table>
      <thead>
        <tr>
          <th>Ban</th>
          <th>Player</th>
          <th>Reason</th>
          <th>Banned</th>
        </tr>
      </thead>
      <tbody>
        {bans.map((ban) => (
          <tr key={ban.id}>
            <td>{ban.id}</td>
            <td>{ban.playerName ?? ban.steamid}</td>
            <td>{ban.reason}</td>
            <td>{new Date(ban.createdAt * 1000).toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const Page = new URLSearchParams(window.location.search).get('table') === 'bans' ? BanTable : ServerTable;

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <BrowserRouter>
    <Routes>
      <Route path="*" element={<Page />} />
    </Routes>
  </BrowserRouter>,
);
