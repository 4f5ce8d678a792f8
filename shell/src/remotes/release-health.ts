import type { RegistryEntry } from '@outpost/contracts';

type RemoteEvent = 'load' | 'load-failure' | 'render-error';

/**
 * Tells the API what happened to a remote release in this browser (issue 14): each load, load
 * failure and render error counts towards the release's error rate on the Remotes page.
 * Fire and forget: a report that cannot be sent is dropped, never retried or shown.
 * Bootstrap builds (no version) are not releases and are not reported.
 */
export function reportRemote(entry: RegistryEntry | undefined, event: RemoteEvent, message?: string): void {
  if (!entry?.version) return;
  const body = JSON.stringify({
    remote: entry.name,
    version: entry.version,
    event,
    ...(message ? { message: message.slice(0, 500) } : {}),
  });
  try {
    void fetch('/api/remotes/beacon', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  } catch {
    // No fetch (or it threw synchronously): nothing to report to.
  }
}

const RELOAD_GUARD = 'outpost:release-reload:';

/**
 * A remote's code failed to load. If the registry now names another release of that remote,
 * this tab is older than a publish whose predecessor's files are gone (a chunk 404): reload
 * once to get the new release. The guard in sessionStorage allows one such reload per remote
 * until a load of it succeeds again, so a release that keeps failing never loops.
 * Resolves true when the page is reloading.
 */
export async function reloadIfReleaseChanged(
  entry: RegistryEntry | undefined,
  reload: () => void = () => window.location.reload(),
): Promise<boolean> {
  if (!entry) return false;
  const key = RELOAD_GUARD + entry.name;
  try {
    if (window.sessionStorage.getItem(key)) return false;
    const response = await fetch('/remotes.json', { cache: 'no-cache' });
    if (!response.ok) return false;
    const registry = (await response.json()) as unknown;
    const now = Array.isArray(registry)
      ? (registry as Array<Partial<RegistryEntry>>).find((candidate) => candidate?.name === entry.name)
      : undefined;
    if (!now || now.entry === entry.entry) return false;
    window.sessionStorage.setItem(key, String(Date.now()));
    reload();
    return true;
  } catch {
    return false;
  }
}

/** A load of the remote worked: a later publish may again reload this tab once. */
export function releaseLoaded(name: string): void {
  try {
    window.sessionStorage.removeItem(RELOAD_GUARD + name);
  } catch {
    // Storage unavailable: the guard was never set either.
  }
}
