import type { Game, Server, ServerAction, ServerGroup, ServerGroupSummary } from '@outpost/contracts';
import type { Kysely, Selectable } from 'kysely';
import { fromJsonColumn } from '../../db/json-column';
import type { ServerGroupsTable, ServersTables } from './tables';

interface StoredStatus {
  online: boolean;
  data: Server['status']['data'];
}

// Columns a public answer may carry: rcon_password is deliberately absent, so no
// query in this file can leak it.
const PUBLIC_SERVER_COLUMNS = [
  'id',
  'group_id',
  'name',
  'host',
  'ip',
  'port',
  'tags',
  'features',
  'actions',
  'status',
  'status_updated_at',
] as const;

/** What every answer about a group says first: its name, description, game, type and template. */
export function groupBasics(row: Selectable<ServerGroupsTable>) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    game: row.game as Game,
    type: row.type as ServerGroupSummary['type'],
    templateId: row.template_id,
  };
}

function toGroupSummary(row: Selectable<ServerGroupsTable>, currentInstances: number): ServerGroupSummary {
  return { ...groupBasics(row), currentInstances };
}

/** Groups in display order, each with its servers and their last known status. */
export async function listGroupsWithServers(db: Kysely<ServersTables>): Promise<ServerGroup[]> {
  const groups = await db.selectFrom('server_groups').selectAll().orderBy('sort_order').orderBy('name').execute();
  const servers = await db
    .selectFrom('servers')
    .select(PUBLIC_SERVER_COLUMNS)
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
  const byGroup = new Map<string, Server[]>();
  for (const row of servers) {
    const status = fromJsonColumn<StoredStatus | null>(row.status, null);
    const server: Server = {
      id: row.id,
      name: row.name,
      host: row.host,
      ip: row.ip,
      port: row.port,
      online: status?.online ?? false,
      tags: fromJsonColumn<string[]>(row.tags, []),
      features: fromJsonColumn<string[]>(row.features, []),
      actions: fromJsonColumn<ServerAction[]>(row.actions, []),
      status: { data: status?.data ?? null, updatedAt: row.status_updated_at },
    };
    const list = byGroup.get(row.group_id) ?? [];
    list.push(server);
    byGroup.set(row.group_id, list);
  }
  return groups.map((group) => {
    const list = byGroup.get(group.id) ?? [];
    const groupActions = fromJsonColumn<ServerAction[]>(group.actions, []);
    return {
      ...toGroupSummary(group, list.length),
      servers: list.map((server) => ({ ...server, actions: mergeActions(groupActions, server.actions) })),
    };
  });
}

/** A server's own action replaces the group's action with the same command. */
export function mergeActions(groupActions: ServerAction[], serverActions: ServerAction[]): ServerAction[] {
  const overridden = new Set(serverActions.map((action) => action.command));
  return [...groupActions.filter((action) => !overridden.has(action.command)), ...serverActions];
}

export async function listGroupSummaries(db: Kysely<ServersTables>): Promise<ServerGroupSummary[]> {
  const groups = await db.selectFrom('server_groups').selectAll().orderBy('sort_order').orderBy('name').execute();
  const counts = await db
    .selectFrom('servers')
    .select(['group_id', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('group_id')
    .execute();
  const countByGroup = new Map(counts.map((row) => [row.group_id, Number(row.count)]));
  return groups.map((group) => toGroupSummary(group, countByGroup.get(group.id) ?? 0));
}

/** Server id -> name, for lists that show where something happened. */
export async function serverNameMap(db: Kysely<ServersTables>): Promise<Map<string, string>> {
  const groups = await listGroupsWithServers(db);
  return new Map(groups.flatMap((group) => group.servers.map((server) => [server.id, server.name] as const)));
}

/** Groups and servers by id, with names and each server's group (where a ban applies, issue 25 item 3). */
export async function serverDirectory(db: Kysely<ServersTables>): Promise<{
  groups: Map<string, string>;
  servers: Map<string, { name: string; groupId: string }>;
}> {
  const [groups, servers] = await Promise.all([
    db.selectFrom('server_groups').select(['id', 'name']).execute(),
    db.selectFrom('servers').select(['id', 'name', 'group_id']).execute(),
  ]);
  return {
    groups: new Map(groups.map((row) => [row.id, row.name])),
    servers: new Map(servers.map((row) => [row.id, { name: row.name, groupId: row.group_id }])),
  };
}

/** A server's group id; undefined when no such server (one primary-key read: the connect check). */
export async function serverGroupOf(db: Kysely<ServersTables>, serverId: string): Promise<string | undefined> {
  const row = await db.selectFrom('servers').select('group_id').where('id', '=', serverId).executeTakeFirst();
  return row?.group_id;
}

/** The server groups among `ids` that exist, as id and name, by name. */
export async function groupsByIds(
  db: Kysely<ServersTables>,
  ids: string[],
): Promise<Array<{ id: string; name: string }>> {
  if (ids.length === 0) return [];
  return db.selectFrom('server_groups').select(['id', 'name']).where('id', 'in', ids).orderBy('name').execute();
}

/**
 * One server's name and the player names its last status answer listed (A2S or Minecraft
 * sample: names only, no Steam ids; [] while offline or unread); undefined when no such server.
 */
export async function queriedPlayerNames(
  db: Kysely<ServersTables>,
  serverId: string,
): Promise<{ name: string; playerNames: string[] } | undefined> {
  const row = await db.selectFrom('servers').select(['name', 'status']).where('id', '=', serverId).executeTakeFirst();
  if (!row) return undefined;
  const status = fromJsonColumn<StoredStatus | null>(row.status, null);
  return { name: row.name, playerNames: (status?.data?.players ?? []).map((player) => player.name) };
}
