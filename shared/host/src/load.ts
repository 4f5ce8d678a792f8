import { useCallback, useEffect, useRef, useState } from 'react';
import { type Failure, networkFailure, parseFailure } from './failure';
import type { HostApi } from './host-api';
import { useHost } from './host-api';

/**
 * The part of a schema the loader uses: any zod (or zod/mini) schema of the contracts fits,
 * so this package needs no zod of its own at run time.
 */
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** What one request has given so far. `failed` carries the parsed failure (branch on failure.code). */
export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; failure: Failure };

/** The failure of an answer that does not match its contract schema. */
export const UNEXPECTED_ANSWER = 'Unexpected answer from the server';

function unexpected(status: number): Failure {
  return { code: null, message: UNEXPECTED_ANSWER, status, statusText: '', body: null, text: '' };
}

/**
 * GET `path` through the host helper (quiet: the page shows the failure) and check the answer
 * with `schema`. Never throws: a failure comes back as `{status: 'failed'}`.
 */
export async function getJson<T>(
  host: HostApi,
  path: string,
  schema: Schema<T>,
  signal?: AbortSignal,
): Promise<Loaded<T>> {
  let response: Response | null;
  try {
    response = await host.apiFetch(path, { quiet: true, signal });
  } catch (error) {
    return { status: 'failed', failure: networkFailure(error) };
  }
  if (!response?.ok) return { status: 'failed', failure: await parseFailure(response) };
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  return parsed.success
    ? { status: 'ready', data: parsed.data }
    : { status: 'failed', failure: unexpected(response.status) };
}

/**
 * The answer to GET `path` the shell already has (see HostApi.takePrefetched), checked with
 * `schema`, or null: for a page's first render (useState's initializer). Taken once, so a later
 * refresh fetches anew.
 */
export function takePrefetchedJson<T>(host: HostApi, path: string, schema: Schema<T>): T | null {
  const body = host.takePrefetched?.(path);
  if (body === undefined) return null;
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

export type JsonMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * A call (mostly a change: POST/PATCH/PUT/DELETE) with an optional JSON body. The host helper raises the
 * error notification on failure (SPEC 7) unless `quiet`. Returns the schema-checked answer,
 * `true` for an ok answer without a schema or body (204), or the Failure.
 */
export async function sendJson<T = true>(
  host: HostApi,
  method: JsonMethod,
  path: string,
  body?: unknown,
  schema?: Schema<T>,
  options: { quiet?: boolean } = {},
): Promise<{ ok: true; data: T | true } | { ok: false; failure: Failure }> {
  const response = await host.apiFetch(path, {
    method,
    quiet: options.quiet,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response?.ok) return { ok: false, failure: await parseFailure(response) };
  if (!schema || response.status === 204) return { ok: true, data: true };
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) return { ok: true, data: parsed.data };
  if (!options.quiet) host.notify({ level: 'error', title: 'Unexpected answer', message: UNEXPECTED_ANSWER });
  return { ok: false, failure: unexpected(response.status) };
}

/**
 * The one data-loading hook. Runs `load` (given an AbortSignal) on mount and whenever `key`
 * changes; a newer run aborts the older one, and unmounting aborts too. reload() runs it again
 * and keeps showing the current data meanwhile, so open tabs and dialogs are not torn down.
 * `key` null: nothing to load (stays 'loading').
 */
export function useLoader<T>(
  load: (signal: AbortSignal) => Promise<Loaded<T>>,
  key: string | null,
  /** What `key` gave already (a prefetched answer): shown at once, and not loaded again on mount. */
  initial?: { key: string; data: T } | null,
) {
  const [state, setState] = useState<Loaded<T>>(() =>
    initial && initial.key === key ? { status: 'ready', data: initial.data } : { status: 'loading' },
  );
  const [round, setRound] = useState(0);
  const loadedKey = useRef<string | null>(initial && initial.key === key ? key : null);
  // The first run for the initial key has its answer; a reload or another key loads.
  const skipFirst = useRef(initial != null && initial.key === key);
  const loadRef = useRef(load);
  loadRef.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `round` decide when to load again; `load` is a fresh closure each render
  useEffect(() => {
    if (key === null) return;
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const controller = new AbortController();
    if (loadedKey.current !== key) setState({ status: 'loading' });
    void loadRef.current(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        loadedKey.current = key;
        setState(result);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', failure: networkFailure(error) });
      },
    );
    return () => controller.abort();
  }, [key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { state, reload };
}

/** useLoader for the common case: GET `path` (null: nothing yet) checked with the contract's `schema`. */
export function useLoad<T>(path: string | null, schema: Schema<T>) {
  const host = useHost();
  // The answer the shell fetched while the page's code loaded (its route's `data`): the first
  // render draws it instead of asking again.
  const [initial] = useState(() => {
    const data = path === null ? null : takePrefetchedJson(host, path, schema);
    return path !== null && data !== null ? { key: path, data } : null;
  });
  return useLoader((signal) => getJson(host, path ?? '', schema, signal), path, initial);
}
