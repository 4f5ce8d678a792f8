import { appealPath, appealsListResponseSchema, type Ban } from '@outpost/contracts';
import { useLoad, useSessionStore, useT } from '@outpost/host';
import { Button } from '@outpost/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * On /bans, for the signed-in player's own bans in force: an Appeal button, or a link to the
 * open appeal. Nothing for anyone else's bans, nor when signed out (the column is left out).
 */
export function useOwnBanAppeals(
  enabled: boolean,
  onAppeal: (ban: Ban) => void,
): ((ban: Ban) => ReactNode) | undefined {
  const t = useT();
  const steamid = useSessionStore((state) => state.session?.user.steamid ?? null);
  const { state } = useLoad(enabled && steamid ? '/api/appeals/mine' : null, appealsListResponseSchema);
  if (!enabled || !steamid) return undefined;
  const open = new Map(
    state.status === 'ready'
      ? state.data.appeals.filter((appeal) => appeal.state === 'open').map((appeal) => [appeal.banId, appeal.id])
      : [],
  );
  return (ban) => {
    if (ban.steamid !== steamid) return null;
    const appealId = open.get(ban.id);
    if (appealId) return <Link to={appealPath(appealId)}>{t('players-bans-notes.appeals.view.link')}</Link>;
    if (ban.status !== 'active') return null;
    return (
      <Button size="small" onClick={() => onAppeal(ban)}>
        {t('players-bans-notes.appeals.appeal')}
      </Button>
    );
  };
}
