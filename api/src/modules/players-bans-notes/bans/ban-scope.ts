import { type BanScope, type BanScopeKind, COMMUNITY_SCOPE_NAME, type ScopeReach } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { HttpError } from '../../../lib/http-error';
import { serversService } from '../../servers';
import type { PlayersBansNotesTables } from '../tables';

// Ban scope (issue 25 item 3): a ban or comm block applies to the whole community, to one
// server group or to one server. Stored as scope_kind + scope_id; read back as the contract's
// BanScope, named for lists ('All servers', the group's or the server's name).

/** Groups and servers by id with their names, each server with its group. */
export interface Places {
  groups: Map<string, string>;
  servers: Map<string, { name: string; groupId: string }>;
}

export function places(db: Kysely<PlayersBansNotesTables>): Promise<Places> {
  return serversService.serverDirectory(db);
}

type ScopeColumns = { scope_kind: BanScopeKind; scope_id: string | null };

export function scopeOf(row: { scope_kind: string; scope_id: string | null }): BanScope {
  if (row.scope_kind === 'group' && row.scope_id) return { kind: 'group', groupId: row.scope_id };
  if (row.scope_kind === 'server' && row.scope_id) return { kind: 'server', serverId: row.scope_id };
  return { kind: 'community' };
}

export function scopeColumns(scope: BanScope | undefined): ScopeColumns {
  if (scope?.kind === 'group') return { scope_kind: 'group', scope_id: scope.groupId };
  if (scope?.kind === 'server') return { scope_kind: 'server', scope_id: scope.serverId };
  return { scope_kind: 'community', scope_id: null };
}

/** 'All servers', the group's name or the server's name (its id once it is gone). */
export function scopeName(scope: BanScope, where: Places): string {
  if (scope.kind === 'group') return where.groups.get(scope.groupId) ?? scope.groupId;
  if (scope.kind === 'server') return where.servers.get(scope.serverId)?.name ?? scope.serverId;
  return COMMUNITY_SCOPE_NAME;
}

/** The scope as the role limits see it (a server's group), or 400 when its group or server does not exist. */
export function scopeReach(scope: BanScope, where: Places): ScopeReach {
  if (scope.kind === 'group') {
    if (!where.groups.has(scope.groupId))
      throw new HttpError(400, 'UNKNOWN_SERVER_GROUP', 'No server group has this id');
    return { kind: 'group', groupId: scope.groupId };
  }
  if (scope.kind === 'server') {
    const server = where.servers.get(scope.serverId);
    if (!server) throw new HttpError(400, 'UNKNOWN_SERVER', 'No server has this id');
    return { kind: 'server', groupId: server.groupId };
  }
  return { kind: 'community' };
}

/**
 * The scope of an existing ban as the limits see it. A group or server since deleted reaches
 * no group anyone holds (an empty id): only staff free of group limits act on it.
 */
export function existingReach(row: ScopeColumns, where: Places): ScopeReach {
  const scope = scopeOf(row);
  if (scope.kind === 'group') return { kind: 'group', groupId: scope.groupId };
  if (scope.kind === 'server') return { kind: 'server', groupId: where.servers.get(scope.serverId)?.groupId ?? '' };
  return { kind: 'community' };
}

/** The server a connect check or an in-game act comes from, with its group. */
export interface ServerPlace {
  serverId: string;
  groupId: string | null;
}

/** Whether a ban of this scope applies on that server. */
export function covers(row: ScopeColumns, on: ServerPlace): boolean {
  if (row.scope_kind === 'group') return row.scope_id !== null && row.scope_id === on.groupId;
  if (row.scope_kind === 'server') return row.scope_id === on.serverId;
  return true;
}
