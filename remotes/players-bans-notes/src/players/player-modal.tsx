import { parseSteamId, playerDetailSchema } from '@outpost/contracts';
import { useCan, useLoad, useT } from '@outpost/host';
import { Icon, LoadState, Modal, Tabs } from '@outpost/ui';
import { useCallback } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { safeReturnTo } from '../common/manage-user-link';
import { PlayerWarningsTab } from '../warnings/player-warnings-tab';
import { ImpersonateButton } from './impersonate-button';
import { OverviewTab } from './overview-tab';
import { PlayerBansTab } from './player-bans-tab';
import { PlayerNotesTab } from './player-notes-tab';
import { PrivilegesTab } from './privileges-tab';
import { ResolveUserId } from './resolve-user-id';

const SECTIONS = ['overview', 'privileges', 'bans', 'notes', 'warnings'] as const;

/** The section a path inside the modal shows (its first segment after the player's base). */
export function sectionOf(pathname: string, base: string): string {
  const rest = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : '';
  const first = decodeURIComponent(rest.split('/')[0] ?? '');
  return (SECTIONS as readonly string[]).includes(first) ? first : 'overview';
}

/**
 * The player modal (the manage-user route): /admin/players/:id/{overview/:tab?, privileges,
 * bans/:banid?, notes, warnings}, ?returnTo= the page it was opened from. Its sections are a real tablist
 * (arrow keys move between them) whose every tab is still a URL.
 */
export function PlayerModal({
  listPath,
  closeTo,
}: {
  listPath: string /** Where closing goes without returnTo (default: the list). */;
  closeTo?: string;
}) {
  const t = useT();
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
  const title = state.status === 'ready' ? state.data.name : t('players-bans-notes.bans.column.player');

  return (
    <Modal title={title} onClose={close} width="min(70rem, 92vw)" className="player-modal">
      {!isSteamId && <ResolveUserId id={id} listPath={listPath} />}
      {isSteamId && (
        <LoadState state={state} what={t('players-bans-notes.what.player')}>
          {(player) => (
            <div className="player-modal-body">
              {(returnTo || player.userId) && (
                <div className="player-modal-actions">
                  {returnTo && (
                    <Link to={returnTo}>
                      <Icon name="previous" /> {t('players-bans-notes.players.back')}
                    </Link>
                  )}
                  <ImpersonateButton player={player} />
                </div>
              )}
              <Tabs
                label={t('players-bans-notes.players.sections')}
                active={sectionOf(location.pathname, base)}
                onChange={(section) => navigate(`${base}/${section}${search}`)}
                tabs={[
                  { id: 'overview', label: t('players-bans-notes.players.tab.overview') },
                  ...(canSeeAdmin ? [{ id: 'privileges', label: t('players-bans-notes.players.tab.privileges') }] : []),
                  {
                    id: 'bans',
                    label: t('players-bans-notes.players.tab.bans', {
                      active: player.activeBans,
                      total: player.totalBans,
                    }),
                  },
                  { id: 'notes', label: t('players-bans-notes.players.tab.notes', { count: player.notes }) },
                  { id: 'warnings', label: t('players-bans-notes.players.tab.warnings') },
                ]}
              >
                <Routes>
                  <Route path="overview/:tab?" element={<OverviewTab player={player} base={base} search={search} />} />
                  <Route path="privileges" element={<PrivilegesTab player={player} />} />
                  <Route
                    path="bans/new"
                    element={
                      <PlayerBansTab player={player} onChanged={reload} newBanClosesTo={`${base}/bans${search}`} />
                    }
                  />
                  <Route path="bans/:banid?" element={<PlayerBansTab player={player} onChanged={reload} />} />
                  <Route path="notes" element={<PlayerNotesTab player={player} onChanged={reload} />} />
                  <Route path="warnings" element={<PlayerWarningsTab player={player} onChanged={reload} />} />
                  <Route path="*" element={<Navigate to={`${base}/overview${search}`} replace />} />
                </Routes>
              </Tabs>
            </div>
          )}
        </LoadState>
      )}
    </Modal>
  );
}
