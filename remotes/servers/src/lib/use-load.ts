import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  /** The call failed (the host already told the user why). */
  failed: boolean;
  reload: () => void;
}

/** Runs `load` on mount and whenever `key` changes; `reload` runs it again. */
export function useLoad<T>(load: () => Promise<T | null>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; loading: boolean; failed: boolean }>({
    data: null,
    loading: true,
    failed: false,
  });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `round` decide when to load again; `load` is a fresh closure each render
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    void load().then((data) => {
      if (current) setState({ data: data ?? null, loading: false, failed: data === null });
    });
    return () => {
      current = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}
