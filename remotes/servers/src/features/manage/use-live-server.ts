import type { ManagedServer } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { useEffect, useRef, useState } from 'react';
import { createPoller, type Poller } from '../overview/polling';
import { usePageVisible } from '../overview/use-page-visible';
import { managementApi } from './management-api';

/** GET /api/servers/{id}, refreshed like the overview: every 15 s while visible, backing off on failure. */
export function useLiveServer(serverId: string) {
  const host = useHost();
  const visible = usePageVisible();
  const [server, setServer] = useState<ManagedServer | null>(null);
  const [loaded, setLoaded] = useState(false);
  const poller = useRef<Poller | null>(null);
  const visibleNow = useRef(visible);
  visibleNow.current = visible;

  useEffect(() => {
    setServer(null);
    setLoaded(false);
    const created = createPoller({
      load: async () => {
        const answer = await managementApi.getServer(host, serverId);
        setLoaded(true);
        if (answer) setServer(answer);
        return answer !== null;
      },
    });
    poller.current = created;
    created.setVisible(visibleNow.current);
    return () => created.stop();
  }, [host, serverId]);

  useEffect(() => {
    poller.current?.setVisible(visible);
  }, [visible]);

  const refresh = () => {
    void managementApi.getServer(host, serverId).then((answer) => answer && setServer(answer));
  };
  return { server, loaded, refresh, setServer };
}
