import { sameOriginPath } from '@outpost/contracts';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/** The manage-user named route: /admin/players/:id with returnTo = the current full path. */
export function manageUserPath(id: string, returnTo: string, tab = ''): string {
  const suffix = tab ? `/${tab}` : '';
  return `/admin/players/${encodeURIComponent(id)}${suffix}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Only a path on our own origin may be a return target (no '//host', no scheme). */
/** returnTo stays on this site: the one same-origin rule (sameOriginPath). */
export function safeReturnTo(value: string | null): string | null {
  return sameOriginPath(value);
}

export function ManageUserLink({ id, children, tab }: { id: string; children: ReactNode; tab?: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  return <Link to={manageUserPath(id, here, tab)}>{children}</Link>;
}
