import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';

/** Bounded retries for a flaky network: two more tries, 300 ms apart, then give up. */
const RETRIES = 2;
const RETRY_DELAY_MS = 300;

async function retrying<T>(attempt: () => Promise<T>, beforeEach?: () => void): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      beforeEach?.();
      return await attempt();
    } catch (error) {
      if (tries >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
  }
}

interface EntryErrorArgs {
  getRemoteEntry(args: { origin: unknown; remoteInfo: unknown; remoteEntryExports: unknown }): Promise<unknown>;
  origin: unknown;
  remoteInfo: unknown;
  remoteEntryExports: unknown;
  globalLoading: Record<string, unknown>;
  uniqueKey: string;
}

/**
 * The retries @module-federation/retry-plugin made (same hooks, same bounds), in the few lines
 * Outpost uses of it: the plugin and its logger were 1.2 KB brotli of every first load.
 * A remote's manifest is fetched again when it fails or is not JSON; its entry script and an
 * exposed module's factory are asked for again.
 */
export const retryPlugin = {
  name: 'outpost-retry',
  fetch: (url: string, init?: RequestInit) =>
    retrying(async () => {
      const response = await fetch(url, init);
      if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`.trim());
      await response.clone().json();
      return response;
    }),
  loadEntryError: ({
    getRemoteEntry,
    origin,
    remoteInfo,
    remoteEntryExports,
    globalLoading,
    uniqueKey,
  }: EntryErrorArgs) =>
    retrying(
      () => getRemoteEntry({ origin, remoteInfo, remoteEntryExports }),
      // The runtime keeps the failed load under this key: drop it so the script is requested anew.
      () => delete globalLoading[uniqueKey],
    ),
  getModuleFactory: ({
    remoteEntryExports,
    expose,
  }: {
    remoteEntryExports: { get(expose: string): Promise<unknown> };
    expose: string;
  }) => retrying(() => remoteEntryExports.get(expose)),
};

/** The last load error per container, recorded by the errorLoadRemote hook for the UI. */
const loadErrors = new Map<string, string>();
let pluginsRegistered = false;

function ensurePlugins(): void {
  if (pluginsRegistered) return;
  pluginsRegistered = true;
  registerPlugins([
    retryPlugin as never,
    {
      name: 'outpost-remote-fallback',
      // Fires after the retries: once at afterResolve (whose return would be used as
      // the remote's manifest, so return nothing) and once at onLoad (return a fallback
      // module, which the shell's manifest validation then rejects with this error).
      errorLoadRemote(args: { id?: string; error?: unknown; lifecycle?: string }) {
        const container = String(args.id ?? '').split('/')[0] ?? '';
        const message = args.error instanceof Error ? args.error.message : String(args.error ?? 'load failed');
        loadErrors.set(container, message);
        if (args.lifecycle === 'onLoad') return () => ({ default: null });
        return undefined;
      },
    } as never,
  ]);
}

export function registerRemoteEntry(name: string, entry: string, force = false): void {
  ensurePlugins();
  registerRemotes([{ name, entry: new URL(entry, window.location.href).href }], { force });
}

export async function loadRemoteManifest(name: string): Promise<unknown> {
  loadErrors.delete(name);
  const exported = await loadRemote<unknown>(`${name}/manifest`);
  const error = loadErrors.get(name);
  if (error) throw new Error(error);
  return exported;
}
