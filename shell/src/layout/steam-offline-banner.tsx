import { useMetaStore } from '@outpost/host';
import { lazy, Suspense } from 'react';

// The notice and its words (in every language: later/catalogs.ts) are fetched only while Steam is
// down: a visitor's first load carries none of them. The server's first screen leaves the notice
// out; the browser draws it once its chunk is in.
const SteamOfflineNotice = lazy(() => import('./steam-offline-notice'));

/** SPEC 8: shown while the server's Steam status check says Steam is down. */
export function SteamOfflineBanner() {
  const offline = useMetaStore((state) => state.meta?.steamAvailable === false);
  if (!offline) return null;
  return (
    <Suspense fallback={null}>
      <SteamOfflineNotice />
    </Suspense>
  );
}
