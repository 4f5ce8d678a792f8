import { containerName } from '@outpost/contracts/browser';
import { loadRemotePage } from '../remotes/remote-code';
import { useRemotesStore } from '../remotes/remotes-store';
import { routeAt } from '../routing/use-owned-routes';

/**
 * Starts fetching the code of the remote page at `pathname` (its remote's entry and the page's
 * chunk): on hover or focus of a nav link, and for the page being opened as soon as its route
 * table is known. Whether it started something; failures are reported by the visit itself.
 */
export function prefetchPath(pathname: string): boolean {
  const owned = routeAt(pathname);
  if (!owned || owned.owner === 'shell' || owned.route.external) return false;
  const name = containerName(owned.owner);
  if (useRemotesStore.getState().remotes[name]?.status !== 'ready') return false;
  loadRemotePage(name, owned.route).catch(() => {
    // The visit shows "Section unavailable" with a Retry.
  });
  return true;
}
