import type { Kysely } from 'kysely';
import { addAutoIncrementId } from '../schema-helpers';

// Player sessions and playtime leaderboards (issue 28 item 3). A session is written once, when it
// closes (disconnect); the open one lives in player_servers.connected_at. Each closed session adds
// its seconds to pre-aggregated rows per server group and period ('all', 'w<monday>', 'm<yyyy-mm>'),
// so a leaderboard is one index range read on (group_id, period, seconds desc) at any player count.

export async function up(db: Kysely<any>): Promise<void> {
  await addAutoIncrementId(db.schema.createTable('player_sessions'), db)
    .addColumn('steamid', 'varchar(20)', (col) => col.notNull())
    .addColumn('server_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('ended_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('player_sessions_player_idx')
    .on('player_sessions')
    .columns(['steamid', 'started_at'])
    .execute();
  await db.schema
    .createTable('player_playtime')
    .addColumn('group_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('period', 'varchar(12)', (col) => col.notNull())
    .addColumn('steamid', 'varchar(20)', (col) => col.notNull())
    .addColumn('seconds', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('player_playtime_pk', ['group_id', 'period', 'steamid'])
    .execute();
  await db.schema
    .createIndex('player_playtime_rank_idx')
    .on('player_playtime')
    .columns(['group_id', 'period', 'seconds desc'])
    .execute();
  // A player's ranks (their profile): the groups and periods where they have played.
  await db.schema
    .createIndex('player_playtime_player_idx')
    .on('player_playtime')
    .columns(['steamid', 'period'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('player_playtime').execute();
  await db.schema.dropTable('player_sessions').execute();
}
