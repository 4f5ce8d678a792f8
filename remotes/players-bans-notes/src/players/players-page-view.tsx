import { Route, Routes, useLocation } from 'react-router';
import { PlayerModal } from './player-modal';
import { PlayersList } from './players-list';

/** The page answers on /admin/players and its alias /admin/users; links stay on the one in use. */
export function listPathFor(pathname: string): string {
  return pathname.startsWith('/admin/users') ? '/admin/users' : '/admin/players';
}

/** The players list with the player modal routed below it (descendant routes: the route is nested). */
export function PlayersPageView() {
  const { pathname } = useLocation();
  const listPath = listPathFor(pathname);
  return (
    <>
      <PlayersList />
      <Routes>
        <Route path=":id/*" element={<PlayerModal listPath={listPath} />} />
        <Route path="*" element={null} />
      </Routes>
    </>
  );
}
