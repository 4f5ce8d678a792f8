import type { Kysely } from 'kysely';

// Game-server plugin integration: per-server tokens (hashed), idempotent event ids,
// SourceMod command overrides and group-vs-group immunity; log indexes for the viewer.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('game_tokens')
    .addColumn('server_id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('token_hash', 'varchar(128)', (col) => col.notNull().unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used', 'bigint')
    .execute();

  // The unique key is what makes a retried batch neither lose nor duplicate events.
  await db.schema
    .createTable('game_events')
    .addColumn('server_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('event_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('game_events_pk', ['server_id', 'event_id'])
    .execute();

  await db.schema
    .createTable('game_overrides')
    .addColumn('type', 'varchar(10)', (col) => col.notNull())
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('flags', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('game_overrides_pk', ['type', 'name'])
    .execute();

  await db.schema
    .createTable('game_group_immunities')
    .addColumn('role_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('immune_from_role_id', 'varchar(64)', (col) => col.notNull())
    .addPrimaryKeyConstraint('game_group_immunities_pk', ['role_id', 'immune_from_role_id'])
    .execute();

  const logIndexes: Array<[string, string[]]> = [
    ['log_entries_client_idx', ['client', 'timestamp', 'id']],
    ['log_entries_target_idx', ['target', 'timestamp', 'id']],
    ['log_entries_server_idx', ['server_id', 'timestamp', 'id']],
    ['log_entries_type_idx', ['type', 'timestamp', 'id']],
  ];
  for (const [name, columns] of logIndexes) {
    await db.schema.createIndex(name).on('log_entries').columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'log_entries_client_idx',
    'log_entries_target_idx',
    'log_entries_server_idx',
    'log_entries_type_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  for (const table of ['game_group_immunities', 'game_overrides', 'game_events', 'game_tokens']) {
    await db.schema.dropTable(table).execute();
  }
}
