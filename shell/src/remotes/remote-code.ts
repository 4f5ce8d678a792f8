import type { RemoteManifest, RouteEntry } from '@outpost/contracts';
import { loadRemoteManifest, registerRemoteEntry } from './mf-runtime';
import { releaseLoaded, reloadIfReleaseChanged, reportRemote } from './release-health';
import { REMOTE_LOAD_TIMEOUT_MS, useRemotesStore } from './remotes-store';
import { validateManifest } from './validate-manifest';
import { withTimeout } from './with-timeout';

export type PageModule = { default: unknown };

/** One load of a remote's code at a time; a failed load is forgotten so the next visit tries again. */
const loads = new Map<string, Promise<RemoteManifest>>();
const registered = new Set<string>();
const failedBefore = new Set<string>();

/**
 * A remote's code (its entry and ./manifest with the page loaders), fetched the first time
 * one of its routes is opened or its nav link is hovered. Bounded retries come from the
 * retries of mf-runtime.ts, the time-out from here.
 */
export function loadRemoteCode(name: string): Promise<RemoteManifest> {
  const pending = loads.get(name);
  if (pending) return pending;
  const remote = useRemotesStore.getState().remotes[name];
  const load = (async () => {
    if (!remote) throw new Error(`Remote ${name} is not in the registry`);
    // After a failure the runtime would hand back the cached broken container: register anew.
    if (!registered.has(name) || failedBefore.has(name)) {
      registerRemoteEntry(name, remote.entry.entry, registered.has(name));
      registered.add(name);
    }
    const exported = await withTimeout(loadRemoteManifest(name), REMOTE_LOAD_TIMEOUT_MS, `Remote ${name}`);
    const check = validateManifest(name, exported);
    if (!check.ok) throw new Error(check.reason);
    return check.manifest;
  })();
  loads.set(name, load);
  load.then(
    () => {
      failedBefore.delete(name);
      releaseLoaded(name);
      reportRemote(remote?.entry, 'load');
    },
    (error: unknown) => {
      loads.delete(name);
      failedBefore.add(name);
      reportRemote(remote?.entry, 'load-failure', error instanceof Error ? error.message : String(error));
    },
  );
  return load;
}

/** Marks an error as a failure to load code (not a page's render error), for the boundary. */
export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

/** Pages whose code has arrived, by remote and route path: rendered at once, with no suspense. */
const loadedPages = new Map<string, PageModule>();

/** The page module of a route, if its code has already arrived (e.g. prefetched before the first render). */
export function loadedRemotePage(name: string, path: string): PageModule | undefined {
  return loadedPages.get(`${name}:${path}`);
}

/** Hands over a page module the caller already has (the server's prerender, shell/src/prerender). */
export function providePage(name: string, path: string, page: PageModule): void {
  loadedPages.set(`${name}:${path}`, page);
}

/** The page of one route of a remote: the remote's code first, then the route's own chunk. */
export async function loadRemotePage(name: string, route: RouteEntry): Promise<PageModule> {
  const loaded = await loadPageModule(name, route);
  loadedPages.set(`${name}:${route.path}`, loaded);
  return loaded;
}

async function loadPageModule(name: string, route: RouteEntry): Promise<PageModule> {
  const entry = useRemotesStore.getState().remotes[name]?.entry;
  let codeLoaded = false;
  try {
    const manifest = await loadRemoteCode(name);
    codeLoaded = true;
    const own = manifest.routes.find((candidate) => candidate.path === route.path);
    if (!own) throw new Error(`Remote ${name} no longer has a page at ${route.path}`);
    if (!own.load) return { default: () => null };
    return await withTimeout(own.load(), REMOTE_LOAD_TIMEOUT_MS, `Page ${route.path}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (codeLoaded) reportRemote(entry, 'load-failure', `${route.path}: ${message}`);
    // The entry or a page chunk 404s in a tab opened before a publish: one guarded reload.
    if (await reloadIfReleaseChanged(entry)) await new Promise(() => undefined);
    throw new RemoteLoadError(message);
  }
}
