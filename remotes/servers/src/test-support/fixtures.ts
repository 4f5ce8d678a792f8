import type { Server, ServerAction, ServerGroup } from '@outpost/contracts';

export function makeServer(overrides: Partial<Server> = {}): Server {
  return {
    id: 'coop-1',
    name: 'Coop #1',
    host: 'coop1.example.org',
    ip: '127.0.0.1',
    port: 27015,
    online: true,
    tags: [],
    features: [],
    actions: [],
    status: { data: { players: [{ name: 'Zoey' }], maxplayers: 4, map: 'c2m1_highway' }, updatedAt: 1 },
    ...overrides,
  };
}

export function makeGroup(overrides: Partial<ServerGroup> = {}): ServerGroup {
  return {
    id: 'coop',
    name: 'Coop Servers',
    description: 'Campaigns with friends',
    game: 'l4d2',
    type: 'custom',
    templateId: null,
    currentInstances: 1,
    servers: [makeServer()],
    ...overrides,
  };
}

export function makeAction(overrides: Partial<ServerAction> = {}): ServerAction {
  return {
    name: 'Restart',
    command: 'restart',
    description: '',
    color: '',
    requiresFeatures: [],
    showWhen: 'any',
    isHidden: false,
    ...overrides,
  };
}
