import { CONTRACT_VERSION, type RouteBuildDescriptor } from '@outpost/contracts';
import type { ComponentType } from 'react';

export type PageLoader = () => Promise<{ default: ComponentType }>;
export type RemoteRoute = Omit<RouteBuildDescriptor, 'load'> & { load?: PageLoader };

export interface RemoteDefinition {
  id: string;
  routes: RemoteRoute[];
}

/**
 * What a remote's ./manifest default-exports: its id, the contract version it was
 * built against (stamped here, so a remote cannot forget it) and its routes.
 */
export function defineRemote(definition: RemoteDefinition) {
  return { id: definition.id, contractVersion: CONTRACT_VERSION, routes: definition.routes };
}
