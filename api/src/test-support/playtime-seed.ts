import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database';
import { groupRow, serverRow } from './server-rows';

// The leaderboard bench's world (issue 28): one group 'g' with server 's0', PLAYERS players
// (SteamID64 = BASE + n) and their playtime rows for all time, this week and this month, in SQL.

// The period keys as the players module writes them (player-sessions.ts; its playtime test pins them).
const weekKey = (at: number) => {
  const day = Math.floor(at / 86400);
  return `w${new Date((day - ((day + 3) % 7)) * 86400 * 1000).toISOString().slice(0, 10)}`;
};
const monthKey = (at: number) => `m${new Date(at * 1000).toISOString().slice(0, 7)}`;

export const BASE = 76561197961000000n;

/** Seeds the leaderboard bench's rows. */
export async function seedLeaderboard(database: DatabaseHandle, PLAYERS: number, now: number) {
  const db = database.db;
  await db
    .insertInto('server_groups')
    .values(groupRow({ id: 'g', name: 'Bench' }))
    .execute();
  await db
    .insertInto('servers')
    .values(serverRow({ id: 's0', group_id: 'g', port: 27015 }))
    .execute();
  const pg = database.dialect === 'postgres';
  // n = 1..PLAYERS, steamid = BASE + n; seconds spread pseudo-randomly (ties included).
  const numbers = pg
    ? sql`SELECT n FROM generate_series(1, ${PLAYERS}) AS n`
    : sql`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${PLAYERS}) SELECT n FROM seq`;
  const base = sql.raw(BASE.toString());
  const steamid = pg ? sql`(${base}::bigint + n)::text` : sql`CAST(${base} + n AS TEXT)`;
  await sql`INSERT INTO players (steamid, name, name_search, first_seen, last_seen, total_time, user_id)
    SELECT ${steamid}, 'Player ' || n, 'player ' || n, ${now - 86400 * 90}, ${now}, 0, NULL FROM (${numbers}) AS nums`.execute(
    db,
  );
  for (const [period, spread] of [
    ['all', 1_000_003],
    [weekKey(now), 50_021],
    [monthKey(now), 200_003],
  ] as const) {
    await sql`INSERT INTO player_playtime (group_id, period, steamid, seconds)
      SELECT 'g', ${period}, ${steamid}, (${pg ? sql`n::bigint` : sql`n`} * 7919) % ${spread} FROM (${numbers}) AS nums`.execute(
      db,
    );
  }
  await sql`ANALYZE`.execute(db);
}
