import { useCallback, useEffect, useRef, useState } from 'react';
import type { Failure } from './failure';

/** What a form's action answers: sendJson's result, or any call shaped like it. */
export type SubmitResult<T> = { ok: true; data: T } | { ok: false; failure: Failure };

export interface Submission<A extends unknown[]> {
  /** Runs the action (ignored while one runs): busy until it answers. */
  submit(...args: A): Promise<void>;
  busy: boolean;
  /** The last failure (for the form's inline error), null after a success or reset(). */
  failure: Failure | null;
  reset(): void;
}

/**
 * One form's sending: busy while the action runs (a double click sends once), the failure kept
 * for an inline message, `onDone` with the answer on success. Pair it with sendJson:
 * `useSubmit((body) => sendJson(host, 'POST', '/api/bans', body), { onDone: close })`.
 */
export function useSubmit<A extends unknown[], T>(
  action: (...args: A) => Promise<SubmitResult<T>>,
  options: { onDone?(data: T): void } = {},
): Submission<A> {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const running = useRef(false);
  const mounted = useRef(true);
  const latest = useRef({ action, onDone: options.onDone });
  latest.current = { action, onDone: options.onDone };
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const result = await latest.current.action(...args);
      if (!mounted.current) return;
      if (result.ok) latest.current.onDone?.(result.data);
      else setFailure(result.failure);
    } finally {
      running.current = false;
      if (mounted.current) setBusy(false);
    }
  }, []);
  const reset = useCallback(() => setFailure(null), []);
  return { submit, busy, failure, reset };
}
