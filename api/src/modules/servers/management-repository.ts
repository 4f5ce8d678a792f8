import type { ManagedServer, ManagedServerGroup, ServerAction, ServerTemplate } from '@outpost/contracts';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { fromJsonColumn } from '../../db/json-column';
import type { StoredStatus } from './poller';
import { groupBasics, mergeActions } from './servers-repository';
import type { ServerGroupsTable, ServersTable, ServersTables } from './tables';

// Reads and writes for the management API. Rows are turned into answers here, and the
// RCON password never leaves this file except through findRconTarget (for the RCON client).

export type GroupRow = Selectable<ServerGroupsTable>;
export type ServerRow = Selectable<ServersTable>;

export function toManagedGroup(row: GroupRow): ManagedServerGroup {
  return {
    ...groupBasics(row),
    template: fromJsonColumn<ServerTemplate | null>(row.template, null),
    tags: fromJsonColumn<string[]>(row.tags, []),
    actions: fromJsonColumn<ServerAction[]>(row.actions, []),
    sortOrder: row.sort_order,
  };
}

export function toManagedServer(row: ServerRow, group: GroupRow): ManagedServer {
  const status = fromJsonColumn<StoredStatus | null>(row.status, null);
  const ownActions = fromJsonColumn<ServerAction[]>(row.actions, []);
  return {
    id: row.id,
    groupId: row.group_id,
    name: row.name,
    host: row.host,
    ip: row.ip,
    port: row.port,
    queryPort: row.query_port,
    rconPort: row.rcon_port,
    hasRconPassword: Boolean(row.rcon_password),
    online: status?.online ?? false,
    tags: fromJsonColumn<string[]>(row.tags, []),
    features: fromJsonColumn<string[]>(row.features, []),
    actions: mergeActions(fromJsonColumn<ServerAction[]>(group.actions, []), ownActions),
    ownActions,
    status: { data: status?.data ?? null, updatedAt: row.status_updated_at },
    sortOrder: row.sort_order,
  };
}

export function findGroup(db: Kysely<ServersTables>, id: string) {
  return db.selectFrom('server_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findServer(db: Kysely<ServersTables>, id: string) {
  return db.selectFrom('servers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The server with its group, as management answers it; undefined when either is missing. */
export async function findManagedServer(db: Kysely<ServersTables>, id: string): Promise<ManagedServer | undefined> {
  const server = await findServer(db, id);
  const group = server && (await findGroup(db, server.group_id));
  return server && group ? toManagedServer(server, group) : undefined;
}

export async function countServersInGroup(db: Kysely<ServersTables>, groupId: string): Promise<number> {
  const row = await db
    .selectFrom('servers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Ports already given to servers at this address: a new instance must not take one. */
export async function portsInUse(db: Kysely<ServersTables>, ip: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('servers')
    .select(['port', 'query_port', 'rcon_port'])
    .where('ip', '=', ip)
    .execute();
  const used = new Set<number>();
  for (const row of rows) for (const port of [row.port, row.query_port, row.rcon_port]) if (port) used.add(port);
  return used;
}

export async function insertGroup(db: Kysely<ServersTables>, row: Insertable<ServerGroupsTable>): Promise<void> {
  await db.insertInto('server_groups').values(row).execute();
}

/** Changes the given columns; nothing to change is not a query. */
export async function updateGroup(db: Kysely<ServersTables>, id: string, values: Updateable<ServerGroupsTable>) {
  if (Object.keys(values).length > 0) await db.updateTable('server_groups').set(values).where('id', '=', id).execute();
}

/** A group goes with its servers, in one transaction. */
export async function deleteGroupAndServers(db: Kysely<ServersTables>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('servers').where('group_id', '=', id).execute();
    await trx.deleteFrom('server_groups').where('id', '=', id).execute();
  });
}

export async function insertServer(db: Kysely<ServersTables>, row: Insertable<ServersTable>): Promise<void> {
  await db.insertInto('servers').values(row).execute();
}

/** Changes the given columns; nothing to change is not a query. */
export async function updateServer(db: Kysely<ServersTables>, id: string, values: Updateable<ServersTable>) {
  if (Object.keys(values).length > 0) await db.updateTable('servers').set(values).where('id', '=', id).execute();
}

export async function deleteServer(db: Kysely<ServersTables>, id: string): Promise<void> {
  await db.deleteFrom('servers').where('id', '=', id).execute();
}
