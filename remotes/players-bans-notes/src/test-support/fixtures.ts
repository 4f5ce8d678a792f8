import type { AppealDetail, Ban, LogEntry, Note, PlayerDetail } from '@outpost/contracts';

export const FOX = '76561197960265739';

export function ban(overrides: Partial<Ban> = {}): Ban {
  return {
    id: 1,
    type: 'ban',
    steamid: FOX,
    ip: undefined,
    playerName: 'Fox',
    reason: 'cheating',
    createdAt: 1_700_000_000,
    length: 86400,
    expiresAt: 1_700_086_400,
    status: 'active',
    adminId: 'u1',
    adminName: 'Rabbit',
    serverId: null,
    serverName: null,
    unbannedAt: null,
    unbannedById: null,
    unbannedByName: null,
    unbanReason: null,
    updatedAt: 1_700_000_000,
    scope: { kind: 'community' },
    scopeName: 'All servers',
    ...overrides,
  };
}

export function note(overrides: Partial<Note> = {}): Note {
  return {
    id: 1,
    steamid: FOX,
    playerName: 'Fox',
    body: 'Plays fair',
    isPublic: true,
    authorId: 'u1',
    authorName: 'Rabbit',
    createdAt: 1_700_000_000,
    updatedAt: 1_700_000_000,
    ...overrides,
  };
}

export function logEntry(id: number, overrides: Partial<LogEntry> = {}): LogEntry {
  return {
    id,
    timestamp: 1_700_000_000 + id,
    client: FOX,
    clientName: 'Fox',
    target: null,
    targetName: null,
    type: 'ACTION',
    message: `action ${id}`,
    serverId: null,
    redacted: false,
    ...overrides,
  };
}

export function player(overrides: Partial<PlayerDetail> = {}): PlayerDetail {
  return {
    steamid: FOX,
    name: 'Fox',
    firstSeen: 1_690_000_000,
    lastSeen: 1_700_000_000,
    totalTime: 7200,
    userId: 'u-fox',
    ids: {
      steamid64: FOX,
      steam2: 'STEAM_1:1:5',
      steam3: '[U:1:11]',
      profileUrl: `https://steamcommunity.com/profiles/${FOX}`,
    },
    names: [{ name: 'Fox', firstSeen: 1_690_000_000, lastSeen: 1_700_000_000 }],
    servers: [],
    activeBans: 1,
    totalBans: 2,
    notes: 1,
    statsAvailable: true,
    ...overrides,
  };
}

/** One server as GET /api/servers lists it (offline status unknown), port 27015. */
export function listedServer(id: string, name: string, host = `${id}.example.org`, ip = '127.0.0.1') {
  return {
    id,
    name,
    host,
    ip,
    port: 27015,
    online: true,
    tags: [],
    features: [],
    actions: [],
    status: { data: null, updatedAt: null },
  };
}

/** One server group as GET /api/servers lists it, with its servers. */
export function listedGroup(id: string, name: string, game: string, servers: ReturnType<typeof listedServer>[]) {
  return {
    id,
    name,
    description: '',
    game,
    type: 'custom',
    templateId: null,
    currentInstances: servers.length,
    servers,
  };
}

/** An open appeal on a 30-day ban, as its player sees it (may reply and close). */
export function appealDetail(overrides: Partial<AppealDetail> = {}): AppealDetail {
  return {
    appeal: {
      id: 7,
      banId: 3,
      steamid: FOX,
      playerName: 'Fox',
      statement: 'I was **not** cheating',
      state: 'open',
      assigneeId: null,
      assigneeName: null,
      createdAt: 1_700_000_000,
      lastActivityAt: 1_700_000_100,
      decidedAt: null,
      decidedByName: null,
      decisionReason: null,
      ban: {
        id: 3,
        type: 'ban',
        reason: 'cheating',
        createdAt: 1_700_000_000,
        length: 30 * 86400,
        expiresAt: 1_702_592_000,
        status: 'active',
        adminName: 'Rabbit',
      },
    },
    messages: [],
    view: 'player',
    can: { reply: true, comment: false, decide: false, close: true },
    ...overrides,
  };
}
