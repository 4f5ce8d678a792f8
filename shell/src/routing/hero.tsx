import type { RouteEntry } from '@outpost/contracts';
import { Icon } from '@outpost/ui/core';
import { Link } from 'react-router';
import { useT } from '../chrome/catalogs';

/** The banner above a page: route title, description and optional back/next links. */
export function Hero({
  route,
}: {
  route: Pick<RouteEntry, 'title' | 'description' | 'icon' | 'prevRoute' | 'nextRoute'>;
}) {
  const t = useT();
  return (
    <header className="hero">
      <h1 className="hero-title">
        <Icon name={route.icon} /> {route.title}
      </h1>
      {route.description && <p className="hero-description">{route.description}</p>}
      {(route.prevRoute || route.nextRoute) && (
        <nav className="hero-links" aria-label={t('shell.chrome.hero.links')}>
          {route.prevRoute && (
            <Link to={route.prevRoute.to}>
              <Icon name="previous" /> {route.prevRoute.label}
            </Link>
          )}
          {route.nextRoute && (
            <Link to={route.nextRoute.to}>
              {route.nextRoute.label} <Icon name="next" />
            </Link>
          )}
        </nav>
      )}
    </header>
  );
}
