import { type ServerGroup, serverGroupsResponseSchema } from '@outpost/contracts/browser';
import { getJson, takePrefetchedJson, useHost } from '@outpost/host';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPoller, type Poller, type PollSchedule } from './polling';
import { usePageVisible } from './use-page-visible';

/** A background poll this recent already satisfies the countdown. */
const COUNTDOWN_FRESH_MS = 5_000;

export interface ServerGroupsState {
  groups: ServerGroup[] | null;
  /** Why the last refresh failed; the last good list stays shown. */
  error: string | null;
  schedule: PollSchedule | null;
  /** Refresh now (after an action or a new instance), outside the schedule. */
  refresh: () => void;
  /** The visible countdown ran out: refresh unless the background poll just did. */
  refreshOnCountdown: () => void;
}

/** GET /api/servers, polled by the SPEC 4/9 rules while the page is visible. */
export function useServerGroups(): ServerGroupsState {
  const host = useHost();
  const visible = usePageVisible();
  // The first list as the shell fetched it with the page's code (the route's `data`): drawn in
  // this page's first render. Read once; the poller then refreshes on its schedule.
  const [initial] = useState(() => takePrefetchedJson(host, '/api/servers', serverGroupsResponseSchema));
  const [groups, setGroups] = useState<ServerGroup[] | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const [schedule, setSchedule] = useState<PollSchedule | null>(null);
  const poller = useRef<Poller | null>(null);
  const visibleNow = useRef(visible);
  visibleNow.current = visible;

  const load = useCallback(async (): Promise<boolean> => {
    const result = await getJson(host, '/api/servers', serverGroupsResponseSchema);
    if (result.status !== 'ready') {
      setError(result.status === 'failed' ? result.failure.message : null);
      return false;
    }
    setGroups(result.data);
    setError(null);
    return true;
  }, [host]);

  useEffect(() => {
    const created = createPoller({ load, onSchedule: setSchedule, startsFresh: initial !== null });
    poller.current = created;
    created.setVisible(visibleNow.current);
    return () => created.stop();
  }, [load, initial]);

  useEffect(() => {
    poller.current?.setVisible(visible);
  }, [visible]);

  const refresh = useCallback(() => void load(), [load]);
  const refreshOnCountdown = useCallback(() => poller.current?.refreshNow(COUNTDOWN_FRESH_MS), []);
  return { groups, error, schedule, refresh, refreshOnCountdown };
}
