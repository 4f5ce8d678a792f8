import { type RegistryEntry, type RemoteManifest, registrySchema } from '@outpost/contracts';
import { create } from 'zustand';
import { loadRemoteManifest, registerRemoteEntry } from './mf-runtime';
import { ownsPath } from './owns-path';
import { validateManifest } from './validate-manifest';
import { withTimeout } from './with-timeout';

export const REMOTE_LOAD_TIMEOUT_MS = 10_000;
const OWNER_HEAD_START_MS = 400;

export type RemoteStatus = 'loading' | 'ready' | 'failed';
export interface RemoteState {
  entry: RegistryEntry;
  status: RemoteStatus;
  manifest: RemoteManifest | null;
  error: string | null;
}

interface RemotesState {
  registry: 'loading' | 'ready' | 'failed';
  registryError: string | null;
  /** Registry order: the order of nav sections. */
  order: string[];
  remotes: Record<string, RemoteState>;
  start(): Promise<void>;
  retry(name: string): Promise<void>;
}

export const useRemotesStore = create<RemotesState>()((set, get) => {
  const update = (name: string, patch: Partial<RemoteState>) =>
    set((state) => {
      const current = state.remotes[name];
      if (!current) return state;
      return { remotes: { ...state.remotes, [name]: { ...current, ...patch } } };
    });

  const load = async (name: string) => {
    update(name, { status: 'loading', error: null });
    try {
      const exported = await withTimeout(loadRemoteManifest(name), REMOTE_LOAD_TIMEOUT_MS, `Remote ${name}`);
      const check = validateManifest(name, exported);
      if (check.ok) update(name, { status: 'ready', manifest: check.manifest });
      else update(name, { status: 'failed', error: check.reason });
    } catch (error) {
      update(name, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  };

  return {
    registry: 'loading',
    registryError: null,
    order: [],
    remotes: {},
    async start() {
      let entries: RegistryEntry[];
      try {
        const response = await fetch('/remotes.json', { cache: 'no-cache' });
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
        const parsed = registrySchema.safeParse(await response.json());
        if (!parsed.success) throw new Error(`invalid registry: ${parsed.error.issues[0]?.message ?? ''}`);
        entries = parsed.data;
      } catch (error) {
        set({ registry: 'failed', registryError: error instanceof Error ? error.message : String(error) });
        return;
      }
      const remotes: Record<string, RemoteState> = {};
      for (const entry of entries) remotes[entry.name] = { entry, status: 'loading', manifest: null, error: null };
      set({ registry: 'ready', order: entries.map((entry) => entry.name), remotes });
      for (const entry of entries) registerRemoteEntry(entry.name, entry.entry);
      // The remote that owns the page being opened loads first, so the page shows as soon
      // as it can; the rest (their nav entries) follow in parallel, and one slow or broken
      // remote never delays the others.
      const pathname = window.location.pathname;
      const first = entries.filter((entry) => ownsPath(entry.prefixes, pathname));
      const firstLoads = Promise.all(first.map((entry) => load(entry.name)));
      // A slow owner holds the others back by OWNER_HEAD_START_MS at most.
      await Promise.race([firstLoads, new Promise((resolve) => setTimeout(resolve, OWNER_HEAD_START_MS))]);
      const rest = entries.filter((entry) => !first.includes(entry));
      await Promise.all([firstLoads, ...rest.map((entry) => load(entry.name))]);
    },
    async retry(name) {
      const remote = get().remotes[name];
      if (!remote) return;
      registerRemoteEntry(name, remote.entry.entry, true);
      await load(name);
    },
  };
});
