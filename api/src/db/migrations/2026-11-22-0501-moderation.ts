import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { addAutoIncrementId, isSqlite } from '../schema-helpers';

// Players, bans and notes. Searchable names are stored lowercased beside the display
// name so a prefix search is an index range scan on both dialects.

export async function up(db: Kysely<any>): Promise<void> {
  // Byte-order comparison (SQLite's default; "C" on PostgreSQL) so that the range
  // [prefix, prefix + U+FFFF) is exactly the names starting with prefix, whatever the locale.
  const byteOrder = (col: ColumnDefinitionBuilder) => (isSqlite(db) ? col : col.modifyEnd(sql`collate "C"`));
  await db.schema
    .createTable('players')
    .addColumn('steamid', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('name_search', 'varchar(100)', (col) => byteOrder(col.notNull()))
    .addColumn('first_seen', 'bigint', (col) => col.notNull())
    .addColumn('last_seen', 'bigint', (col) => col.notNull())
    .addColumn('total_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('user_id', 'varchar(64)')
    .execute();
  await db.schema.createIndex('players_last_seen_idx').on('players').columns(['last_seen', 'steamid']).execute();
  await db.schema.createIndex('players_name_search_idx').on('players').columns(['name_search', 'steamid']).execute();

  await db.schema
    .createTable('player_names')
    .addColumn('steamid', 'varchar(32)', (col) => col.notNull())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('first_seen', 'bigint', (col) => col.notNull())
    .addColumn('last_seen', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('player_names_pk', ['steamid', 'name'])
    .execute();

  await db.schema
    .createTable('player_ips')
    .addColumn('steamid', 'varchar(32)', (col) => col.notNull())
    .addColumn('ip', 'varchar(45)', (col) => col.notNull())
    .addColumn('first_seen', 'bigint', (col) => col.notNull())
    .addColumn('last_seen', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('player_ips_pk', ['steamid', 'ip'])
    .execute();
  await db.schema.createIndex('player_ips_ip_idx').on('player_ips').column('ip').execute();

  await db.schema
    .createTable('player_servers')
    .addColumn('steamid', 'varchar(32)', (col) => col.notNull())
    .addColumn('server_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('first_seen', 'bigint', (col) => col.notNull())
    .addColumn('last_seen', 'bigint', (col) => col.notNull())
    .addColumn('total_time', 'bigint', (col) => col.notNull().defaultTo(0))
    /** Set while connected: the connect time a disconnect counts from. */
    .addColumn('connected_at', 'bigint')
    .addPrimaryKeyConstraint('player_servers_pk', ['steamid', 'server_id'])
    .execute();

  await addAutoIncrementId(db.schema.createTable('bans'), db)
    .addColumn('type', 'varchar(10)', (col) => col.notNull())
    .addColumn('steamid', 'varchar(32)')
    .addColumn('ip', 'varchar(45)')
    .addColumn('player_name', 'varchar(100)')
    .addColumn('player_name_search', 'varchar(100)', byteOrder)
    .addColumn('reason', 'varchar(500)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('length', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('admin_id', 'varchar(64)')
    .addColumn('admin_name', 'varchar(100)')
    .addColumn('server_id', 'varchar(64)')
    .addColumn('unbanned_at', 'bigint')
    .addColumn('unbanned_by_id', 'varchar(64)')
    .addColumn('unbanned_by_name', 'varchar(100)')
    .addColumn('unban_reason', 'varchar(500)')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  // The connect check reads by steamid or ip; lists page by id within a filter.
  await db.schema.createIndex('bans_steamid_idx').on('bans').columns(['steamid', 'id']).execute();
  await db.schema.createIndex('bans_ip_idx').on('bans').columns(['ip', 'id']).execute();
  await db.schema.createIndex('bans_name_idx').on('bans').columns(['player_name_search', 'id']).execute();
  await db.schema.createIndex('bans_admin_idx').on('bans').columns(['admin_id', 'id']).execute();
  await db.schema.createIndex('bans_server_idx').on('bans').columns(['server_id', 'id']).execute();

  await addAutoIncrementId(db.schema.createTable('notes'), db)
    .addColumn('steamid', 'varchar(32)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('author_id', 'varchar(64)')
    .addColumn('author_name', 'varchar(100)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('notes_steamid_idx').on('notes').columns(['steamid', 'id']).execute();
  await db.schema.createIndex('notes_public_idx').on('notes').columns(['is_public', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['notes', 'bans', 'player_servers', 'player_ips', 'player_names', 'players']) {
    await db.schema.dropTable(table).execute();
  }
}
