import { serverGroupsResponseSchema } from '@outpost/contracts';
import { useLoad } from '@outpost/host';
import { ServersTable } from './servers-table';

/** `/admin/servers-legacy`: the classic view, every server of every group in one compact table. */
export function ServersLegacy() {
  const groupsLoad = useLoad('/api/servers', serverGroupsResponseSchema);
  const groups = { data: groupsLoad.state.status === 'ready' ? groupsLoad.state.data : null, ...groupsLoad };
  if (groups.state.status === 'loading') return <p className="loading">Loading servers…</p>;
  if (!groups.data)
    return (
      <p className="error-text" role="alert">
        Could not load the servers: {groups.state.status === 'failed' ? groups.state.failure.message : ''}
      </p>
    );
  return (
    <div className="card">
      <ServersTable groups={groups.data} showGroup onActionRan={groups.reload} />
    </div>
  );
}
