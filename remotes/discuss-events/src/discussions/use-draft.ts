import { useCallback, useEffect, useRef, useState } from 'react';

// Unsaved writing kept in localStorage (one key per thread / reply box / new thread), so an
// accidental navigation or reload loses nothing. Cleared when the post is saved or discarded.

const PREFIX = 'outpost.discuss.draft.';
/** Drafts older than this are stale (the thread has moved on) and are dropped when read. */
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

interface Stored<T> {
  value: T;
  savedAt: number;
}

function read<T>(key: string): T | null {
  try {
    const text = window.localStorage.getItem(PREFIX + key);
    if (!text) return null;
    const stored = JSON.parse(text) as Stored<T>;
    if (typeof stored?.savedAt !== 'number' || Date.now() - stored.savedAt > MAX_AGE_MS) return null;
    return stored.value;
  } catch {
    return null;
  }
}

function write<T>(key: string, value: T | null): void {
  try {
    if (value === null) window.localStorage.removeItem(PREFIX + key);
    else window.localStorage.setItem(PREFIX + key, JSON.stringify({ value, savedAt: Date.now() } satisfies Stored<T>));
  } catch {
    // Storage full or blocked (private mode): the draft simply is not kept.
  }
}

/**
 * A value that starts from the stored draft (else `initial`) and is stored on every change.
 * `restored` tells the page to say a draft came back; `discard` returns to `initial`;
 * `clear` forgets the draft once it is saved.
 */
export function useDraft<T>(key: string, initial: T) {
  const [state, setState] = useState(() => {
    const draft = read<T>(key);
    return { key, value: draft ?? initial, restored: draft !== null };
  });
  const initialRef = useRef(initial);
  initialRef.current = initial;
  // Another key (another thread) starts from its own draft.
  const current =
    state.key === key
      ? state
      : (() => {
          const draft = read<T>(key);
          return { key, value: draft ?? initial, restored: draft !== null };
        })();
  useEffect(() => {
    if (state.key !== key) setState(current);
  }, [key, state.key, current]);

  const setValue = useCallback(
    (value: T) => {
      write(key, value);
      // "Draft restored" stays up while the writer goes on from it.
      setState((previous) => ({ key, value, restored: previous.key === key && previous.restored }));
    },
    [key],
  );
  const discard = useCallback(() => {
    write(key, null);
    setState({ key, value: initialRef.current, restored: false });
  }, [key]);
  const clear = useCallback(() => write(key, null), [key]);
  return { value: current.value, setValue, restored: current.restored, discard, clear };
}
