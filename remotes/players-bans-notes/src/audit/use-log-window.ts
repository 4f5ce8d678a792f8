import { type LogEntry, logsResponseSchema } from '@outpost/contracts';
import { getJson, queryString, useHost } from '@outpost/host';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface LogFilters {
  player: string;
  serverId: string;
  type: string;
  from: string;
  to: string;
}

interface WindowState {
  status: 'loading' | 'ready' | 'failed';
  message?: string;
  entries: LogEntry[];
  olderCursor: string | null;
  newerCursor: string | null;
  busy: boolean;
}

const PAGE_SIZE = 50;
const EMPTY: WindowState = { status: 'loading', entries: [], olderCursor: null, newerCursor: null, busy: false };

function merge(existing: LogEntry[], incoming: LogEntry[], side: 'older' | 'newer'): LogEntry[] {
  const seen = new Set(existing.map((entry) => entry.id));
  const fresh = incoming.filter((entry) => !seen.has(entry.id));
  return side === 'older' ? [...existing, ...fresh] : [...fresh, ...existing];
}

/** The visible stretch of the log (newest first): around an entry or the newest, grown either way by cursor. */
export function useLogWindow(filters: LogFilters, aroundId: number | null) {
  const host = useHost();
  const [state, setState] = useState<WindowState>(EMPTY);
  const base = queryString({ ...filters, limit: PAGE_SIZE });
  const baseRef = useRef(base);
  baseRef.current = base;

  useEffect(() => {
    const controller = new AbortController();
    setState(EMPTY);
    const around = aroundId ? `${base ? '&' : '?'}aroundId=${aroundId}` : '';
    void getJson(host, `/api/logs${base}${around}`, logsResponseSchema, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState(
        result.status === 'ready'
          ? { status: 'ready', busy: false, ...result.data }
          : { ...EMPTY, status: 'failed', message: result.status === 'failed' ? result.failure.message : undefined },
      );
    });
    return () => controller.abort();
  }, [host, base, aroundId]);

  const load = useCallback(
    async (side: 'older' | 'newer', cursor: string | null) => {
      if (!cursor) return;
      setState((previous) => ({ ...previous, busy: true }));
      const query = baseRef.current;
      const result = await getJson(
        host,
        `/api/logs${query}${query ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`,
        logsResponseSchema,
      );
      if (query !== baseRef.current) return; // The filters changed meanwhile.
      setState((previous) => {
        if (result.status === 'failed') return { ...previous, busy: false, message: result.failure.message };
        if (result.status !== 'ready') return { ...previous, busy: false };
        return {
          ...previous,
          busy: false,
          message: undefined,
          entries: merge(previous.entries, result.data.entries, side),
          olderCursor: side === 'older' ? result.data.olderCursor : previous.olderCursor,
          newerCursor: side === 'newer' ? result.data.newerCursor : previous.newerCursor,
        };
      });
    },
    [host],
  );

  return {
    ...state,
    loadOlder: () => load('older', state.olderCursor),
    loadNewer: () => load('newer', state.newerCursor),
  };
}
