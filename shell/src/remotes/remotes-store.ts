import { type RegistryEntry, ROUTE_TABLE_FILE, type RouteTable, registrySchema } from '@outpost/contracts/browser';
import { create } from 'zustand';
import { takeEarlyRegistry } from './early-registry';
import { validateRouteTable } from './validate-manifest';
import { withTimeout } from './with-timeout';

export const REMOTE_LOAD_TIMEOUT_MS = 10_000;

export type RemoteStatus = 'loading' | 'ready' | 'failed';
export interface RemoteState {
  entry: RegistryEntry;
  /** Whether the route table is known: 'ready' says nothing about the remote's code. */
  status: RemoteStatus;
  table: RouteTable | null;
  error: string | null;
}

interface RemotesState {
  registry: 'loading' | 'ready' | 'failed';
  registryError: string | null;
  /** Registry order: the order of nav sections. */
  order: string[];
  remotes: Record<string, RemoteState>;
  start(): Promise<void>;
  /** Reads the registry (and so every route table) again: a Retry on a remote whose table failed. */
  retry(name: string): Promise<void>;
}

async function fetchJson(url: string, what: string, started?: Promise<Response> | null): Promise<unknown> {
  const response = await withTimeout(started ?? fetch(url, { cache: 'no-cache' }), REMOTE_LOAD_TIMEOUT_MS, what);
  if (!response.ok) throw new Error(`${what}: ${response.status} ${response.statusText}`.trim());
  return response.json();
}

/** The entry's route table: inlined in /remotes.json, else route-table.json beside its entry. */
async function readRouteTable(entry: RegistryEntry): Promise<RemoteState> {
  try {
    const candidate =
      entry.routeTable !== undefined
        ? entry.routeTable
        : await fetchJson(
            new URL(ROUTE_TABLE_FILE, new URL(entry.entry, window.location.href)).href,
            `Remote ${entry.name}`,
          );
    const check = validateRouteTable(entry.name, candidate);
    if (check.ok) return { entry, status: 'ready', table: check.table, error: null };
    return { entry, status: 'failed', table: null, error: check.reason };
  } catch (error) {
    return { entry, status: 'failed', table: null, error: error instanceof Error ? error.message : String(error) };
  }
}

async function readRegistry(): Promise<RegistryEntry[]> {
  const parsed = registrySchema.safeParse(await fetchJson('/remotes.json', 'The remote registry', takeEarlyRegistry()));
  if (!parsed.success) throw new Error(`invalid registry: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

/**
 * The remotes as data: the registry and every remote's route table, read in one request
 * (/remotes.json inlines the tables). No remote code runs here; a remote's entry is fetched
 * only when one of its routes is opened (remote-code.ts).
 */
export const useRemotesStore = create<RemotesState>()((set, get) => ({
  registry: 'loading',
  registryError: null,
  order: [],
  remotes: {},
  async start() {
    let entries: RegistryEntry[];
    try {
      entries = await readRegistry();
    } catch (error) {
      set({ registry: 'failed', registryError: error instanceof Error ? error.message : String(error) });
      return;
    }
    const remotes: Record<string, RemoteState> = {};
    for (const entry of entries) remotes[entry.name] = { entry, status: 'loading', table: null, error: null };
    set({ registry: 'ready', registryError: null, order: entries.map((entry) => entry.name), remotes });
    // Inlined tables settle at once; a table fetched from elsewhere never delays the others.
    await Promise.all(
      entries.map(async (entry) => {
        const state = await readRouteTable(entry);
        set((current) => ({ remotes: { ...current.remotes, [entry.name]: state } }));
      }),
    );
  },
  async retry(name) {
    const current = get().remotes[name];
    if (!current) return;
    set((state) => ({ remotes: { ...state.remotes, [name]: { ...current, status: 'loading', error: null } } }));
    let next: RemoteState;
    try {
      const entry = (await readRegistry()).find((candidate) => candidate.name === name);
      next = entry
        ? await readRouteTable(entry)
        : { ...current, status: 'failed', error: `Remote ${name} is no longer in the registry` };
    } catch (error) {
      next = { ...current, status: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
    set((state) => ({ remotes: { ...state.remotes, [name]: next } }));
  },
}));
