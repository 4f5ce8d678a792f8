import type { Kysely } from 'kysely';

// Who is where (issue 25 item 1): a server's connected and recently seen players are read by
// server and time; player_servers' key leads with the player, so the server needs its own index.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('player_servers_by_server')
    .on('player_servers')
    .columns(['server_id', 'last_seen'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('player_servers_by_server').execute();
}
