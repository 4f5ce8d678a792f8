import { useCallback, useMemo, useState } from 'react';

/** Paging over a keyset cursor: the stack holds the cursor that opened each page seen so far. */
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
  return useMemo(
    () => ({ cursor, page: stack.length, hasPrevious: stack.length > 1, next, previous }),
    [cursor, stack.length, next, previous],
  );
}
