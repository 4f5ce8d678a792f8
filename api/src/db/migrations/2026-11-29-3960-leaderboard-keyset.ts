import type { Kysely } from 'kysely';

// Leaderboard pages by keyset (issue 28): a page after a cursor is `(seconds, steamid) < (x, y)`
// in the order (seconds desc, steamid desc). The rank index gains steamid, so that seek and that
// order are the index's own, also inside a run of players tied on seconds (without it, a large tie
// was sorted whole for every page that reached it).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('player_playtime_rank_idx').execute();
  await db.schema
    .createIndex('player_playtime_rank_idx')
    .on('player_playtime')
    .columns(['group_id', 'period', 'seconds desc', 'steamid desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('player_playtime_rank_idx').execute();
  await db.schema
    .createIndex('player_playtime_rank_idx')
    .on('player_playtime')
    .columns(['group_id', 'period', 'seconds desc'])
    .execute();
}
