import '../servers.css';
import { RemoteRoot } from '@outpost/ui/core';
import { GroupAdmin } from '../features/manage/group-admin';

/** `/admin/servers/:groupId` (lazy). */
export default function Page() {
  return (
    <RemoteRoot id="servers">
      <GroupAdmin />
    </RemoteRoot>
  );
}
