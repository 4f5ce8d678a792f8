import type { ManagedServer, ManagedServerGroup } from '@outpost/contracts';
import { makeServer } from './fixtures';

export function makeManagedServer(overrides: Partial<ManagedServer> = {}): ManagedServer {
  return {
    ...makeServer(),
    groupId: 'coop',
    queryPort: null,
    rconPort: null,
    hasRconPassword: true,
    ownActions: [],
    sortOrder: 0,
    ...overrides,
  };
}

export function makeManagedGroup(overrides: Partial<ManagedServerGroup> = {}): ManagedServerGroup {
  return {
    id: 'coop',
    name: 'Coop Servers',
    description: '',
    game: 'l4d2',
    type: 'custom',
    templateId: null,
    template: null,
    tags: [],
    actions: [],
    sortOrder: 0,
    ...overrides,
  };
}
