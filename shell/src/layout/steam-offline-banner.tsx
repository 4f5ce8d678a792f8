import { useMetaStore } from '@outpost/host';

export const STEAM_OFFLINE_TEXT =
  "Steam servers are currently offline, most likely due to weekly scheduled maintenance. You won't be able to join servers until they come back online.";

/** SPEC 8: shown while the server's Steam status check says Steam is down. */
export function SteamOfflineBanner() {
  const offline = useMetaStore((state) => state.meta?.steamAvailable === false);
  if (!offline) return null;
  return (
    <div className="notice is-warning steam-offline" role="alert">
      {STEAM_OFFLINE_TEXT}{' '}
      <a href="https://steamstat.us" target="_blank" rel="noopener noreferrer">
        Steam status
      </a>
    </div>
  );
}
