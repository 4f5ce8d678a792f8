import '../servers.css';
import { RemoteRoot } from '@outpost/ui/core';
import { Overview } from '../features/overview/overview';

/**
 * The overview's words, ready before the page draws (the route's loader in manifest.ts awaits
 * them). Not named "catalogs" there: a loader that mentions catalogs gets its remote's English
 * catalog chunks preloaded with `/` (emit-route-table.mjs), and these travel in the page.
 */
export { overviewCatalogs as overviewWords } from '../features/overview/catalogs';

/** `/` (lazy): the site notice is the shell's; this page renders the server overview. */
export default function OverviewPage() {
  return (
    <RemoteRoot id="servers">
      <Overview />
    </RemoteRoot>
  );
}
