import { can, useSessionStore } from '@outpost/host';
import { AccessDenied, Icon } from '@outpost/ui/core';
import { Link } from 'react-router';
import { linkablePath } from '../nav/build-nav';
import { useOwnedRoutes } from '../routing/use-owned-routes';

/** /admin: the staff landing page, built from the admin routes the remotes declare. */
export default function AdminPage() {
  const owned = useOwnedRoutes();
  const session = useSessionStore((state) => state.session);
  const sections = owned.filter(({ route }) => {
    if (!route.path.startsWith('/admin/') || !route.nav) return false;
    return !route.requiredPermission || can(session, route.requiredPermission);
  });
  // A member without any staff permission: the same card as every page they may not open.
  if (sections.length === 0) return <AccessDenied />;
  return (
    <ul className="admin-sections">
      {sections.map(({ owner, route }) => {
        const to = linkablePath(route.path);
        if (!to) return null;
        return (
          <li key={`${owner}:${route.path}`} className="card">
            <Link to={to}>
              <Icon name={route.icon} /> {route.navLabel ?? route.title}
            </Link>
            {route.description && <p className="muted">{route.description}</p>}
          </li>
        );
      })}
    </ul>
  );
}
