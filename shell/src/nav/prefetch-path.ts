import { containerName } from '@outpost/contracts';
import { prefetchRemote } from '../remotes/remote-code';
import { routeAt } from '../routing/use-owned-routes';

/** Hovering or focusing a nav link starts fetching the code of the remote that owns its page. */
export function prefetchPath(pathname: string): void {
  const owned = routeAt(pathname);
  if (owned && owned.owner !== 'shell' && !owned.route.external) prefetchRemote(containerName(owned.owner));
}
