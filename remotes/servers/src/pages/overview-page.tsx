import { gameFamily, type ServerGroup } from '@outpost/contracts';
import { useMetaStore } from '@outpost/host';
import { useServerGroups } from './use-server-groups';

/** `/`: the notice, then one table per server group. */
export default function OverviewPage() {
  const notice = useMetaStore((state) => state.meta?.settings.notice);
  const state = useServerGroups();
  return (
    <div className="overview">
      {notice?.enabled && notice.text && <div className={`notice ${notice.class}`}>{notice.text}</div>}
      {state.status === 'loading' && <p className="loading">Loading servers…</p>}
      {state.status === 'failed' && <p className="error-text">Could not load the servers: {state.message}</p>}
      {state.status === 'ready' && state.groups.length === 0 && (
        <p className="card empty-state">No servers have been added yet.</p>
      )}
      {state.status === 'ready' && state.groups.map((group) => <GroupTable key={group.id} group={group} />)}
    </div>
  );
}

function GroupTable({ group }: { group: ServerGroup }) {
  const isSource = gameFamily(group.game) === 'source';
  return (
    <section className="server-group card" aria-label={group.name}>
      <h2>{group.name}</h2>
      {group.description && <p className="muted">{group.description}</p>}
      <table className="table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Players</th>
            {isSource ? (
              <>
                <th>Current Map</th>
                <th>Direct Connect Command</th>
              </>
            ) : (
              <th>IP</th>
            )}
          </tr>
        </thead>
        <tbody>
          {group.servers.map((server) => (
            <tr key={server.id}>
              <td>{server.name}</td>
              <td>
                {server.status.data ? `${server.status.data.players.length}/${server.status.data.maxplayers}` : '-'}
              </td>
              {isSource ? (
                <>
                  <td>{server.status.data?.map ?? '-'}</td>
                  <td>
                    <code>
                      connect {server.host}:{server.port}
                    </code>
                  </td>
                </>
              ) : (
                <td>
                  <code>
                    {server.host}:{server.port}
                  </code>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
