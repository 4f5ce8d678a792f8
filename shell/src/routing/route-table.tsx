import type { RouteEntry } from '@outpost/contracts';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { CatchAll } from './catch-all';
import { ExternalRedirect } from './external-redirect';
import { RoutePage } from './route-page';

export interface OwnedRoute {
  owner: string;
  route: RouteEntry;
}

/** Every URL a descriptor answers on: its path and aliases, with '/*' when the page routes below itself. */
export function routePaths(route: RouteEntry): string[] {
  const paths = [route.path, ...(route.aliases ?? [])];
  return route.nested ? paths.map((path) => (path === '/' ? '/*' : `${path}/*`)) : paths;
}

/** react-router route objects for the shell's pages and every remote's route table. */
export function buildRouteObjects(owned: OwnedRoute[], shellPages: Record<string, ComponentType>): RouteObject[] {
  const objects: RouteObject[] = [];
  for (const { owner, route } of owned) {
    const component = owner === 'shell' && route.name ? shellPages[route.name] : undefined;
    const element =
      route.external && route.redirect ? (
        <ExternalRedirect to={route.redirect} title={route.title} />
      ) : (
        <RoutePage key={`${owner}:${route.path}`} owner={owner} route={route} component={component} />
      );
    for (const path of routePaths(route)) objects.push({ path, element });
  }
  objects.push({ path: '*', element: <CatchAll /> });
  return objects;
}
