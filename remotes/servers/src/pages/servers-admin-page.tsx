import '../servers.css';
import { RemoteRoot } from '@outpost/ui/core';
import { ServersAdmin } from '../features/manage/servers-admin';

/** `/admin/servers (v2, BETA): server groups` (lazy). */
export default function Page() {
  return (
    <RemoteRoot id="servers">
      <ServersAdmin />
    </RemoteRoot>
  );
}
