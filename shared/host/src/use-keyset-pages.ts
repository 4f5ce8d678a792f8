import { useCallback, useMemo, useState } from 'react';

/** Where a keyset-paged list is: hand it whole to the kit's <Pager pages={...}>. */
export interface KeysetPages {
  /** The cursor to ask the API for (undefined: the first page). */
  cursor: string | undefined;
  /** 1-based number of the page shown. */
  page: number;
  hasPrevious: boolean;
  next(cursor: string): void;
  previous(): void;
  first(): void;
}

/**
 * Paging over a keyset cursor: no counts and no offsets, so page N costs the same as page 1 on
 * a million rows. The stack holds the cursor that opened each page seen so far; a new
 * `resetKey` (other filters) starts again at the first page.
 */
export function useKeysetPages(resetKey: string): KeysetPages {
  const [state, setState] = useState<{ key: string; stack: (string | undefined)[] }>({
    key: resetKey,
    stack: [undefined],
  });
  const stack = state.key === resetKey ? state.stack : [undefined];
  const cursor = stack[stack.length - 1];
  const next = useCallback(
    (nextCursor: string) => setState({ key: resetKey, stack: [...stack, nextCursor] }),
    [resetKey, stack],
  );
  const previous = useCallback(() => setState({ key: resetKey, stack: stack.slice(0, -1) }), [resetKey, stack]);
  const first = useCallback(() => setState({ key: resetKey, stack: [undefined] }), [resetKey]);
  return useMemo(
    () => ({ cursor, page: stack.length, hasPrevious: stack.length > 1, next, previous, first }),
    [cursor, stack.length, next, previous, first],
  );
}
