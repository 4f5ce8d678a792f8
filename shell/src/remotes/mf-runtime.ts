import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';

/** The last load error per container, recorded by the errorLoadRemote hook for the UI. */
const loadErrors = new Map<string, string>();
let pluginsRegistered = false;

function ensurePlugins(): void {
  if (pluginsRegistered) return;
  pluginsRegistered = true;
  registerPlugins([
    // Bounded retries for a flaky network: two more tries, then give up.
    RetryPlugin({ fetch: { retryTimes: 2, retryDelay: 300 }, script: { retryTimes: 2, retryDelay: 300 } }),
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
