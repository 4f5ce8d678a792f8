import { containerName } from '@outpost/contracts/browser';
import { loadRemotePage } from '../remotes/remote-code';
import { useRemotesStore } from '../remotes/remotes-store';
import { routeAt } from '../routing/use-owned-routes';
import { prefetchRouteData } from './route-data';

/**
 * The longest the first render waits for what it shows. Everything it waits for was requested
 * with the page (defer scripts, preload headers) and has mostly arrived by the time the
 * shell's code runs; a slower API or remote gets the usual loading states after this.
 */
export const FIRST_SCREEN_WAIT_MS = 500;

/** The opened page's code and route data, when a remote owns it. */
async function openedPage(remotesStarted: Promise<void>): Promise<void> {
  await remotesStarted;
  const owned = routeAt(window.location.pathname);
  if (!owned || owned.owner === 'shell' || owned.route.external) return;
  const name = containerName(owned.owner);
  if (useRemotesStore.getState().remotes[name]?.status !== 'ready') return;
  await Promise.all([
    // A failure is the visit's to show ("Section unavailable", Retry).
    loadRemotePage(name, owned.route).catch(() => undefined),
    prefetchRouteData(owned.route.data ?? []),
  ]);
}

/**
 * Resolves when the first screen can be drawn whole: the route tables, the opened page's code
 * and data, and the answers `waits` name (who is signed in, the site's meta), or after
 * FIRST_SCREEN_WAIT_MS. Drawing once, instead of again as each of these arrives, saves the
 * renders in between: a cold `/` went through eight commits before its table showed.
 */
export async function firstScreen(remotesStarted: Promise<void>, waits: readonly Promise<unknown>[]): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
  });
  const ready = Promise.all([openedPage(remotesStarted), ...waits.map((wait) => wait.catch(() => undefined))]);
  await Promise.race([ready, late]);
  clearTimeout(timer);
}
