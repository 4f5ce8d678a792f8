import { useT } from '../i18n/catalogs';
import { useLaterWords } from '../later/catalogs';

/** SPEC 8's banner itself, in its own chunk with its words (see steam-offline-banner.tsx). */
export default function SteamOfflineNotice() {
  const t = useT();
  if (!useLaterWords()) return null;
  return (
    <div className="notice is-warning steam-offline" role="alert">
      {t('shell.later.steamOffline.text')}{' '}
      <a href="https://steamstat.us" target="_blank" rel="noopener noreferrer">
        {t('shell.later.steamOffline.status')}
      </a>
    </div>
  );
}
