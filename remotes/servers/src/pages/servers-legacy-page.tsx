import '../servers.css';
import { RemoteRoot } from '@outpost/ui/core';
import { ServersLegacy } from '../features/manage/servers-legacy';

/** `/admin/servers-legacy` (lazy). */
export default function Page() {
  return (
    <RemoteRoot id="servers">
      <ServersLegacy />
    </RemoteRoot>
  );
}
