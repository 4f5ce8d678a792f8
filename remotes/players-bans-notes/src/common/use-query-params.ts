import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Filters live in the URL, so a filtered list can be shared and survives back/forward. */
export function useQueryParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  // One object per distinct query, so effects that depend on the filters run only when they change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text stands for params
  const values = useMemo(
    () => Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>,
    [text, keys.join()],
  );
  const update = useCallback(
    (changes: Partial<Record<K, string>>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes) as [string, string | undefined][]) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );
  return [values, update] as const;
}
