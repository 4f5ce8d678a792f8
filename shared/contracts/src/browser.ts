// What the browser's first load uses of the contracts, without zod: the shell (registry, route
// tables, meta, profile, notifications, tours) and the servers overview on `/` (GET
// /api/servers). The schemas here are small checkers (check/shape.ts) over Shapes generated
// from the zod schemas of this package (browser-shapes.ts), with zod's answers; the zod schemas
// stay the one source of truth, and the API and every later page use them as they are.
// Shared by the shell with every remote at run time (a Module Federation singleton, see
// shared/build sharedDependencies). Import from here, not from the package root, in code that
// runs on a first load.
import type { ImpersonationResponse, Notification, ProfileResponse } from './auth';
import { BROWSER_SHAPES } from './browser-shapes';
import { type Checker, checker, type Shape } from './check/shape';
import type { Tour } from './docs-tours';
import type { MetaResponse } from './meta';
import type { RegistryEntry, RemoteManifest, RouteTable } from './route-manifest';
import type { ServerGroup } from './servers';

export type * from './auth';
export type { Checker } from './check/shape';
export { CONTRACT_VERSION, isContractCompatible, parseVersion } from './contract-version';
export type * from './docs-tours';
export * from './locale';
export type * from './meta';
export { NOTIFICATION_LEVELS } from './notification-levels';
export type * from './route-manifest';
export { containerName, ownsPath, ROUTE_TABLE_FILE, SESSION_COUNTS } from './route-names';
export type * from './servers';
export { serverActionPermission } from './servers-action-permission';
export { LINK_SETTING_KEYS, type LinkName } from './servers-links';
export { gameFamily, reportedPlayerCount, serverStatusKind } from './servers-status';
export * from './theme';
export { TOUR_ID_PATTERN } from './tour-id';

const shape = (name: string): Shape => {
  const found = BROWSER_SHAPES[name];
  if (!found) throw new Error(`no browser shape ${name}: pnpm --filter @outpost/contracts shapes`);
  return found;
};

export const impersonationResponseSchema: Checker<ImpersonationResponse> = checker(
  shape('impersonationResponseSchema'),
);
export const metaResponseSchema: Checker<MetaResponse> = checker(shape('metaResponseSchema'));
export const notificationSchema: Checker<Notification> = checker(shape('notificationSchema'));
export const profileResponseSchema: Checker<ProfileResponse> = checker(shape('profileResponseSchema'));
export const registrySchema: Checker<RegistryEntry[]> = checker(shape('registrySchema'));
export const remoteManifestSchema: Checker<RemoteManifest> = checker(shape('remoteManifestSchema'));
export const routeTableSchema: Checker<RouteTable> = checker(shape('routeTableSchema'));
export const serverGroupsResponseSchema: Checker<ServerGroup[]> = checker(shape('serverGroupsResponseSchema'));
export const tourSchema: Checker<Tour> = checker(shape('tourSchema'));
