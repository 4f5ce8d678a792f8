import type { Kysely } from 'kysely';
import type { ServersTables } from './tables';

// Where and how to reach a server over RCON, for another module that must act on it now (the
// game module's enforcement: kick a player banned on the web when the server has no plugin).

export interface RconAddress {
  host: string;
  port: number;
  password: string;
}

/** The server's RCON address and password; null when it has no password set (or no such server). */
export async function rconAddress(db: Kysely<ServersTables>, serverId: string): Promise<RconAddress | null> {
  const row = await db
    .selectFrom('servers')
    .select(['ip', 'port', 'rcon_port', 'rcon_password'])
    .where('id', '=', serverId)
    .executeTakeFirst();
  if (!row?.rcon_password) return null;
  return { host: row.ip, port: row.rcon_port ?? row.port, password: row.rcon_password };
}
