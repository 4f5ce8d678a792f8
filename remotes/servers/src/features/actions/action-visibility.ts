import type { Server, ServerAction } from '@outpost/contracts';

/**
 * SPEC 5: an action shows only if the server has every feature it requires, when its
 * showWhen matches the server's state (any, online, offline), and never when hidden.
 */
export function isActionVisible(action: ServerAction, server: Pick<Server, 'online' | 'features'>): boolean {
  if (action.isHidden) return false;
  if (!action.requiresFeatures.every((feature) => server.features.includes(feature))) return false;
  if (action.showWhen === 'online') return server.online;
  if (action.showWhen === 'offline') return !server.online;
  return true;
}

export function visibleActions(server: Pick<Server, 'online' | 'features' | 'actions'>): ServerAction[] {
  return server.actions.filter((action) => isActionVisible(action, server));
}
