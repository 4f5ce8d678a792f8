/**
 * zustand as the prerender module uses it (shared/build swaps it in for 'zustand' there, for the
 * shell and, through `shared`, for every remote). zustand's own hook gives React a store's
 * *initial* state on a server (useSyncExternalStore's server snapshot, meant for hydration),
 * which would draw every first screen as if nothing had been set for the visit. Nothing here is
 * hydrated (the browser's first render replaces it), so the server snapshot is the state as set.
 */
import { useCallback, useDebugValue, useSyncExternalStore } from 'react';
import { createStore, type StateCreator, type StoreApi } from 'zustand/vanilla';

export * from 'zustand/vanilla';

type ReadonlyStoreApi<T> = Pick<StoreApi<T>, 'getState' | 'getInitialState' | 'subscribe'>;

const identity = <T>(value: T) => value;

export function useStore<T, U = T>(
  api: ReadonlyStoreApi<T>,
  selector: (state: T) => U = identity as (state: T) => U,
): U {
  const current = useCallback(() => selector(api.getState()), [api, selector]);
  const slice = useSyncExternalStore(api.subscribe, current, current);
  useDebugValue(slice);
  return slice;
}

type BoundStore<T> = (<U = T>(selector?: (state: T) => U) => U) & StoreApi<T>;

function createBound<T>(initializer: StateCreator<T, [], []>): BoundStore<T> {
  const api = createStore(initializer);
  const bound = <U = T>(selector?: (state: T) => U) => useStore(api, selector);
  return Object.assign(bound, api) as BoundStore<T>;
}

/** zustand's `create`, in both of its forms (`create(init)` and `create<T>()(init)`). */
export function create<T>(initializer: StateCreator<T, [], []>): BoundStore<T>;
export function create<T>(): (initializer: StateCreator<T, [], []>) => BoundStore<T>;
export function create<T>(initializer?: StateCreator<T, [], []>) {
  return initializer ? createBound(initializer) : createBound;
}
