import { type ServerGroup, serverGroupsResponseSchema } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { useEffect, useState } from 'react';

export const POLL_INTERVAL_MS = 15_000;

export type GroupsState =
  | { status: 'loading' }
  | { status: 'ready'; groups: ServerGroup[] }
  | { status: 'failed'; message: string };

/** GET /api/servers, polled every 15 s. */
export function useServerGroups(): GroupsState {
  const host = useHost();
  const [state, setState] = useState<GroupsState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      const response = await host.apiFetch('/api/servers', { quiet: true });
      if (cancelled) return;
      if (!response?.ok) {
        setState((previous) =>
          previous.status === 'ready'
            ? previous
            : { status: 'failed', message: response ? `${response.status} ${response.statusText}` : 'Network error' },
        );
        return;
      }
      const parsed = serverGroupsResponseSchema.safeParse(await response.json());
      if (cancelled) return;
      setState(
        parsed.success
          ? { status: 'ready', groups: parsed.data }
          : { status: 'failed', message: 'Unexpected answer from the server' },
      );
    };
    void load();
    const timer = setInterval(() => void load(), POLL_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [host]);
  return state;
}
