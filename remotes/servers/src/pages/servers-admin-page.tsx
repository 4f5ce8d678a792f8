import '../servers.css';
import { ServersAdmin } from '../features/manage/servers-admin';

/** `/admin/servers (v2, BETA): server groups` (lazy). */
export default function Page() {
  return <ServersAdmin />;
}
