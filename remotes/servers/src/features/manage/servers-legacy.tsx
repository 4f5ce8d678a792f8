import { useHost } from '@outpost/host';
import { useLoad } from '../../lib/use-load';
import { managementApi } from './management-api';
import { ServersTable } from './servers-table';

/** `/admin/servers-legacy`: the classic view, every server of every group in one compact table. */
export function ServersLegacy() {
  const host = useHost();
  const groups = useLoad(() => managementApi.listGroups(host), 'groups');
  if (groups.loading && !groups.data) return <p className="loading">Loading servers…</p>;
  if (!groups.data) return <p className="error-text">Could not load the servers.</p>;
  return (
    <div className="card">
      <ServersTable groups={groups.data} showGroup onActionRan={groups.reload} />
    </div>
  );
}
