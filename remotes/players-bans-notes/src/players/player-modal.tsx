import { parseSteamId, playerDetailSchema } from '@outpost/contracts';
import { useCan, useLoad } from '@outpost/host';
import { Icon, LoadState, Modal } from '@outpost/ui';
import { useCallback } from 'react';
import {
  Link,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
import { safeReturnTo } from '../common/manage-user-link';
import { ImpersonateButton } from './impersonate-button';
import { OverviewTab } from './overview-tab';
import { PlayerBansTab } from './player-bans-tab';
import { PlayerNotesTab } from './player-notes-tab';
import { PrivilegesTab } from './privileges-tab';
import { ResolveUserId } from './resolve-user-id';

/**
 * The player modal (the manage-user route): /admin/players/:id/{overview/:tab?, privileges,
 * bans/:banid?, notes}, ?returnTo= the page it was opened from.
 */
export function PlayerModal({
  listPath,
  closeTo,
}: {
  listPath: string /** Where closing goes without returnTo (default: the list). */;
  closeTo?: string;
}) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const search = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  const base = `${listPath}/${encodeURIComponent(id)}`;
  const isSteamId = parseSteamId(id) !== null;
  const { state, reload } = useLoad(isSteamId ? `/api/players/${encodeURIComponent(id)}` : null, playerDetailSchema);
  const canViewAdmin = useCan('users.view-admin');
  const canEditAdmin = useCan('users.edit-privileges');
  const canSeeAdmin = canViewAdmin || canEditAdmin;
  const close = useCallback(
    () => navigate(returnTo ?? closeTo ?? `${listPath}${location.hash}`),
    [navigate, returnTo, closeTo, listPath, location.hash],
  );
  const title = state.status === 'ready' ? state.data.name : 'Player';

  return (
    <Modal title={title} onClose={close} width="min(70rem, 92vw)">
      {returnTo && (
        <Link className="back-link" to={returnTo}>
          <Icon name="previous" /> Back
        </Link>
      )}
      {!isSteamId && <ResolveUserId id={id} listPath={listPath} />}
      {isSteamId && (
        <LoadState state={state} what="the player">
          {(player) => (
            <>
              <ImpersonateButton player={player} />
              <nav className="tabs" aria-label="Player sections">
                <NavLink to={`${base}/overview${search}`}>Overview</NavLink>
                {canSeeAdmin && <NavLink to={`${base}/privileges${search}`}>Privileges</NavLink>}
                <NavLink to={`${base}/bans${search}`}>
                  Bans ({player.activeBans}/{player.totalBans})
                </NavLink>
                <NavLink to={`${base}/notes${search}`}>Notes ({player.notes})</NavLink>
              </nav>
              <div className="tab-body">
                <Routes>
                  <Route path="overview/:tab?" element={<OverviewTab player={player} base={base} search={search} />} />
                  <Route path="privileges" element={<PrivilegesTab player={player} />} />
                  <Route path="bans/:banid?" element={<PlayerBansTab player={player} onChanged={reload} />} />
                  <Route path="notes" element={<PlayerNotesTab player={player} onChanged={reload} />} />
                  <Route path="*" element={<Navigate to={`${base}/overview${search}`} replace />} />
                </Routes>
              </div>
            </>
          )}
        </LoadState>
      )}
    </Modal>
  );
}
