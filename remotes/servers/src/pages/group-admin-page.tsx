import '../servers.css';
import { GroupAdmin } from '../features/manage/group-admin';

/** `/admin/servers/:groupId` (lazy). */
export default function Page() {
  return <GroupAdmin />;
}
