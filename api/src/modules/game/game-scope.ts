import type { BanScope } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { ServerPlace } from '../players-bans-notes';
import { serversService } from '../servers';
import type { GameTables } from './tables';

// Ban scope on the game side (issue 25 item 3): the server a plugin request comes from, with its
// group (what a ban's scope is matched against), and the scope an in-game ban asks for.

/** The requesting server and its group (one primary-key read). */
export async function serverPlace(db: Kysely<GameTables>, serverId: string): Promise<ServerPlace> {
  return { serverId, groupId: (await serversService.serverGroupOf(db, serverId)) ?? null };
}

/** An in-game ban's scope, relative to the server it is given on: absent = the whole community. */
export async function inGameScope(
  db: Kysely<GameTables>,
  serverId: string,
  kind: 'community' | 'group' | 'server' | undefined,
): Promise<BanScope> {
  if (kind === 'server') return { kind: 'server', serverId };
  if (kind === 'group') {
    const groupId = await serversService.serverGroupOf(db, serverId);
    if (groupId) return { kind: 'group', groupId };
  }
  return { kind: 'community' };
}
