import '../servers.css';
import { RemoteRoot } from '@outpost/ui/core';
import { Links } from '../features/links/links';

/** `/links` (lazy). */
export default function Page() {
  return (
    <RemoteRoot id="servers">
      <Links />
    </RemoteRoot>
  );
}
