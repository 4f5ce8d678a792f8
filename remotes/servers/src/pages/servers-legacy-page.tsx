import '../servers.css';
import { ServersLegacy } from '../features/manage/servers-legacy';

/** `/admin/servers-legacy` (lazy). */
export default function Page() {
  return <ServersLegacy />;
}
