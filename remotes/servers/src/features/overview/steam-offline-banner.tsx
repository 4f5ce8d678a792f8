import { useMetaStore } from '@outpost/host';

/** SPEC 8: shown while the meta answer says Steam is unavailable. */
export function SteamOfflineBanner() {
  const steamAvailable = useMetaStore((state) => state.meta?.steamAvailable ?? true);
  if (steamAvailable) return null;
  return (
    <div className="notice is-warning" role="status">
      Steam servers are currently offline, most likely due to weekly scheduled maintenance. You won't be able to join
      servers until they come back online.
    </div>
  );
}
