import { Navigate, Route, Routes, useParams } from 'react-router';
import { ShareView } from './share-view/share-view';
import { SharesList } from './shares-list/shares-list';

function ToListMode() {
  const { shareId = '' } = useParams();
  return <Navigate to={`/admin/shares/${encodeURIComponent(shareId)}/list`} replace />;
}

/** Everything under /admin/shares (the route is nested): the list, one share in a view mode, and its modals. */
export function SharesRoot() {
  return (
    <div data-remote="shares-addons">
      <Routes>
        <Route index element={<SharesList />} />
        <Route path=":shareId" element={<ToListMode />} />
        <Route path=":shareId/:viewMode/*" element={<ShareView />} />
      </Routes>
    </div>
  );
}
