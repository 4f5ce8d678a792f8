import { parseSteamId } from '@outpost/contracts';
import { useCan, useSessionStore } from '@outpost/host';
import { AccessDenied } from '@outpost/ui';
import { useLocation, useParams } from 'react-router';
import { PlayerModal } from './player-modal';
import { PlayersList } from './players-list';

/** The page answers on /admin/players and its alias /admin/users; links stay on the one in use. */
export function listPathFor(pathname: string): string {
  return pathname.startsWith('/admin/users') ? '/admin/users' : '/admin/players';
}

/** /admin/players: the players list (players.view; the route says so and the shell enforces it). */
export function PlayersPageView() {
  return <PlayersList />;
}

/** Whether a route id (Outpost user id or any Steam id form) names the signed-in user. */
function useIsOwnId(id: string): boolean {
  return useSessionStore((state) => {
    const user = state.session?.user;
    if (!user) return false;
    return id === user.id || parseSteamId(id) === user.steamid;
  });
}

/**
 * /admin/players/:id (the manage-user route): the player modal over the list for staff with
 * players.view; anyone else may open only their own profile (closing goes home), and gets the
 * access card for someone else's.
 */
export function ManageUserView() {
  const { pathname } = useLocation();
  const { id = '' } = useParams();
  const canView = useCan('players.view');
  const own = useIsOwnId(id);
  if (!canView && !own) return <AccessDenied />;
  return (
    <>
      {canView && <PlayersList />}
      <PlayerModal listPath={listPathFor(pathname)} closeTo={canView ? undefined : '/'} />
    </>
  );
}
