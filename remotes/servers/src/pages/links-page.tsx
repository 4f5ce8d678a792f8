import '../servers.css';
import { Links } from '../features/links/links';

/** `/links` (lazy). */
export default function Page() {
  return <Links />;
}
