import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ServerGroupsTable, ServersTable } from '../modules/servers';

/**
 * A row for the servers table with the plain defaults tests and benches need (no RCON, no
 * tags, never polled); pass what the test is about.
 */
export function serverRow(
  values: Pick<Insertable<ServersTable>, 'id' | 'group_id' | 'port'> & Partial<Insertable<ServersTable>>,
): Insertable<ServersTable> {
  return {
    name: values.id,
    host: 'h',
    ip: '127.0.0.1',
    query_port: null,
    rcon_port: null,
    rcon_password: null,
    tags: '[]',
    features: '[]',
    actions: '[]',
    status: null,
    status_updated_at: null,
    created_at: 1,
    ...values,
  };
}

/** A row for the server_groups table with the plain defaults (no template, no actions); pass what the test is about. */
export function groupRow(
  values: Pick<Insertable<ServerGroupsTable>, 'id' | 'name'> & Partial<Insertable<ServerGroupsTable>>,
): Insertable<ServerGroupsTable> {
  return {
    description: '',
    game: 'l4d2',
    type: 'others',
    template_id: null,
    actions: '[]',
    created_at: 1,
    ...values,
  };
}

/** A group's action as stored (server_groups.actions): shown always, needing no feature; pass what differs. */
export function groupAction(name: string, command: string, values: { requiresFeatures?: string[] } = {}) {
  return {
    name,
    command,
    description: '',
    color: '',
    requiresFeatures: values.requiresFeatures ?? [],
    showWhen: 'any',
    isHidden: false,
  };
}

/** Inserts a group row, then its server rows (if any). */
export async function insertGroup(
  db: Kysely<Database>,
  group: Insertable<ServerGroupsTable>,
  servers: Insertable<ServersTable>[] = [],
): Promise<void> {
  await db.insertInto('server_groups').values(group).execute();
  if (servers.length > 0) await db.insertInto('servers').values(servers).execute();
}

/** Group `g` holding server `s`, which answers on this port (a fake game server's). */
export async function insertOneServer(db: Kysely<Database>, port: number): Promise<void> {
  await insertGroup(db, groupRow({ id: 'g', name: 'G' }), [serverRow({ id: 's', group_id: 'g', name: 'S', port })]);
}
