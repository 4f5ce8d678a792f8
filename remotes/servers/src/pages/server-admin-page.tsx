import '../servers.css';
import { ServerAdmin } from '../features/manage/server-admin';

/** `/admin/servers/:groupId/:serverId` (lazy). */
export default function Page() {
  return <ServerAdmin />;
}
