import { useCallback, useMemo, useState } from 'react';

/**
 * Paging over a keyset cursor: no counts and no offsets, so page N costs the same as
 * page 1 on a million rows. The stack holds the cursor that opened each page seen so far.
 */
export function useKeysetPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; stack: (string | undefined)[] }>({
    key: resetKey,
    stack: [undefined],
  });
  // New filters start again at the first page.
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
