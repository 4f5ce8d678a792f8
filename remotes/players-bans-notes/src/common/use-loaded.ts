import { useHost } from '@outpost/host';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { $ZodType, output } from 'zod/v4/core';
import { getJson, type Loaded } from './api';

/**
 * GET `path` (null: nothing to load) parsed with `schema`. reload() fetches it again and
 * keeps showing the current data meanwhile, so open tabs and dialogs are not torn down.
 */
export function useLoaded<S extends $ZodType>(
  path: string | null,
  schema: S,
  /** How a failed answer reads (default: the API's message); must be a stable function. */
  describeFailure?: (response: Response) => Promise<string>,
) {
  const host = useHost();
  const [state, setState] = useState<Loaded<output<S>>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const loadedPath = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    if (loadedPath.current !== path) setState({ status: 'loading' });
    void getJson(host, path, schema, controller.signal, describeFailure).then((result) => {
      if (controller.signal.aborted) return;
      loadedPath.current = path;
      setState(result);
    });
    return () => controller.abort();
  }, [host, path, schema, describeFailure, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload };
}
