import { reportedPlayerCount, type ServerGroup, serverGroupsResponseSchema } from '@outpost/contracts';
import { useCan, useHost, useLoad } from '@outpost/host';
import { useState } from 'react';
import { Link } from 'react-router';
import { GroupForm } from './group-form';

function summary(group: ServerGroup) {
  const online = group.servers.filter((server) => server.online);
  const players = online.reduce(
    (sum, server) => sum + (server.status.data ? reportedPlayerCount(server.status.data) : 0),
    0,
  );
  return { online: online.length, players };
}

/** `/admin/servers` (v2, BETA): every group with what runs in it; new groups are made here. */
export function ServersAdmin() {
  const host = useHost();
  const canManage = useCan('servers.manage');
  const groupsLoad = useLoad('/api/servers', serverGroupsResponseSchema);
  const groups = { data: groupsLoad.state.status === 'ready' ? groupsLoad.state.data : null, ...groupsLoad };
  const [creating, setCreating] = useState(false);

  return (
    <div className="servers-admin">
      <div className="form-actions">
        {canManage && (
          <button type="button" className="button" onClick={() => setCreating(true)} disabled={creating}>
            New group
          </button>
        )}
        {canManage && (
          <Link className="button is-light" to="/admin/create-server">
            Add a custom server
          </Link>
        )}
        <Link className="button is-light" to="/admin/servers-legacy">
          Legacy view
        </Link>
      </div>
      {creating && (
        <GroupForm
          onSaved={(group) => {
            setCreating(false);
            host.navigate(`/admin/servers/${encodeURIComponent(group.id)}`);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {groups.state.status === 'loading' && <p className="loading">Loading groups…</p>}
      {groups.state.status === 'failed' && (
        <p className="error-text" role="alert">
          Could not load the server groups: {groups.state.failure.message}
        </p>
      )}
      {groups.data && (
        <div className="table-scroll">
          <table className="table card">
            <thead>
              <tr>
                <th>Group</th>
                <th>Game</th>
                <th>Type</th>
                <th>Servers</th>
                <th>Online</th>
                <th>Players</th>
              </tr>
            </thead>
            <tbody>
              {groups.data.length === 0 && (
                <tr>
                  <td colSpan={6} className="muted">
                    No server groups yet.
                  </td>
                </tr>
              )}
              {groups.data.map((group) => {
                const { online, players } = summary(group);
                return (
                  <tr key={group.id}>
                    <td>
                      <Link to={`/admin/servers/${encodeURIComponent(group.id)}`}>{group.name}</Link>
                    </td>
                    <td>{group.game}</td>
                    <td>{group.type}</td>
                    <td>{group.servers.length}</td>
                    <td>{online}</td>
                    <td>{players}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
