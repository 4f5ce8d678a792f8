import '../servers.css';
import { RemoteRoot } from '@outpost/ui/core';
import { Overview } from '../features/overview/overview';

/** `/` (lazy): the site notice is the shell's; this page renders the server overview. */
export default function OverviewPage() {
  return (
    <RemoteRoot id="servers">
      <Overview />
    </RemoteRoot>
  );
}
