import { type SearchResponse, searchResponseSchema } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { useCallback, useEffect, useState } from 'react';

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; response: SearchResponse }
  | { status: 'failed'; message: string };

/** GET /api/search?q=; blank text after trimming does nothing (SPEC 5). `retry` asks again after a failure. */
export function useSearch(text: string): { state: SearchState; retry(): void } {
  const host = useHost();
  const query = text.trim();
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    void attempt; // a retry runs the same request again
    if (!query) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    void (async () => {
      const response = await host.apiFetch(`/api/search?q=${encodeURIComponent(query)}`, { signal: controller.signal });
      if (controller.signal.aborted) return;
      if (!response?.ok) {
        setState({
          status: 'failed',
          message: response ? `${response.status} ${response.statusText}`.trim() : 'Network error',
        });
        return;
      }
      const parsed = searchResponseSchema.safeParse(await response.json());
      if (controller.signal.aborted) return;
      setState(
        parsed.success
          ? { status: 'ready', response: parsed.data }
          : { status: 'failed', message: 'Unexpected answer from the server' },
      );
    })();
    return () => controller.abort();
  }, [host, query, attempt]);
  return { state, retry };
}
