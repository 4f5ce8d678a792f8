import '../servers.css';
import { RemoteRoot } from '@outpost/ui/core';
import { ServerAdmin } from '../features/manage/server-admin';

/** `/admin/servers/:groupId/:serverId` (lazy). */
export default function Page() {
  return (
    <RemoteRoot id="servers">
      <ServerAdmin />
    </RemoteRoot>
  );
}
