import { sessionData, useSessionStore } from '@outpost/host';
import { useEffect } from 'react';

/**
 * Keeps the session's openDiscussions (the nav's Discuss badge) at the count the API just
 * gave with a list or a thread, so reading a thread lowers the badge at once instead of at
 * the next profile load.
 */
export function useOpenDiscussions(count: number | undefined): void {
  useEffect(() => {
    if (count === undefined) return;
    const { session, setSession } = useSessionStore.getState();
    if (session && session.openDiscussions !== count) setSession({ ...sessionData(session), openDiscussions: count });
  }, [count]);
}
