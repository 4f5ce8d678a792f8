import { userLookupResponseSchema } from '@outpost/contracts';
import { useLoad, useT } from '@outpost/host';
import { LoadState } from '@outpost/ui';
import { Navigate, useLocation } from 'react-router';
import { withLookupFailure } from '../common/lookup-failure';

/**
 * The manage-user route was given an Outpost user id (e.g. from a staff action in the log):
 * look the user up and continue at their SteamID, keeping the tab and returnTo.
 */
export function ResolveUserId({ id, listPath }: { id: string; listPath: string }) {
  const state = withLookupFailure(useLoad(`/api/users/${encodeURIComponent(id)}`, userLookupResponseSchema).state);
  const t = useT();
  const location = useLocation();
  const prefix = `${listPath}/${encodeURIComponent(id)}`;
  const rest = location.pathname.startsWith(prefix) ? location.pathname.slice(prefix.length) : '';
  return (
    <LoadState state={state} what={t('players-bans-notes.what.user')}>
      {(lookup) =>
        lookup.user.steamid ? (
          <Navigate replace to={`${listPath}/${lookup.user.steamid}${rest}${location.search}`} />
        ) : (
          <p className="muted">{t('players-bans-notes.players.noSteam', { name: lookup.user.name })}</p>
        )
      }
    </LoadState>
  );
}
