import '../servers.css';
import { RemoteRoot } from '@outpost/ui';
import { Links } from '../features/links/links';

/** `/links` (lazy). */
export default function Page() {
  return (
    <RemoteRoot id="servers">
      <Links />
    </RemoteRoot>
  );
}
