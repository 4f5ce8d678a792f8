import '../servers.css';
import { RemoteRoot } from '@outpost/ui/core';
import { CreateServerWizard } from '../features/create-server/create-server-wizard';

/** `/admin/create-server` (lazy). */
export default function Page() {
  return (
    <RemoteRoot id="servers">
      <CreateServerWizard />
    </RemoteRoot>
  );
}
