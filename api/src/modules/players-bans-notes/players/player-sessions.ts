import { type Kysely, sql } from 'kysely';
import { pastKey } from '../../../db/keyset-cursor';
import { serversService } from '../../servers';
import type { PlayersBansNotesTables } from '../tables';

// Player sessions and playtime leaderboards (issue 28 item 3). Bounded cost: a session costs one
// insert when it closes plus three upserts of pre-aggregated rows (all time, its week, its month)
// in its server's group; a leaderboard page is one range read of the (group, period, seconds desc)
// index, whatever the number of players.

type Db = Kysely<PlayersBansNotesTables>;

export type LeaderboardPeriod = 'week' | 'month' | 'all';

const DAY = 86400;

/** The week's key: 'w' and its Monday (UTC) as yyyy-mm-dd. */
export function weekKey(at: number): string {
  const day = Math.floor(at / DAY);
  // 1970-01-01 was a Thursday: days since a Monday are (day + 3) % 7.
  const monday = day - ((day + 3) % 7);
  return `w${new Date(monday * DAY * 1000).toISOString().slice(0, 10)}`;
}

export function monthKey(at: number): string {
  return `m${new Date(at * 1000).toISOString().slice(0, 7)}`;
}

function weekStart(at: number): number {
  const day = Math.floor(at / DAY);
  return (day - ((day + 3) % 7)) * DAY;
}

function nextMonthStart(at: number): number {
  const d = new Date(at * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
}

/** The session's seconds split over the periods it overlaps: [period key, seconds]. */
export function periodShares(start: number, end: number): Array<[string, number]> {
  const shares: Array<[string, number]> = [['all', end - start]];
  for (let from = start; from < end; ) {
    const to = Math.min(end, weekStart(from) + 7 * DAY);
    shares.push([weekKey(from), to - from]);
    from = to;
  }
  for (let from = start; from < end; ) {
    const to = Math.min(end, nextMonthStart(from));
    shares.push([monthKey(from), to - from]);
    from = to;
  }
  return shares.filter(([, seconds]) => seconds > 0);
}

/** Records a closed session and adds it to the group's leaderboards (inside the caller's transaction). */
export async function closeSession(db: Db, s: { steamid: string; serverId: string; start: number; end: number }) {
  if (s.end <= s.start) return;
  await db
    .insertInto('player_sessions')
    .values({ steamid: s.steamid, server_id: s.serverId, started_at: s.start, ended_at: s.end })
    .execute();
  const groupId = await serversService.serverGroupOf(db, s.serverId);
  if (!groupId) return;
  for (const [period, seconds] of periodShares(s.start, s.end)) {
    await db
      .insertInto('player_playtime')
      .values({ group_id: groupId, period, steamid: s.steamid, seconds })
      .onConflict((oc) =>
        oc
          .columns(['group_id', 'period', 'steamid'])
          .doUpdateSet((eb) => ({ seconds: eb('player_playtime.seconds', '+', seconds) })),
      )
      .execute();
  }
}

export function periodKey(period: LeaderboardPeriod, now: number): string {
  if (period === 'week') return weekKey(now);
  if (period === 'month') return monthKey(now);
  return 'all';
}

export interface LeaderboardRow {
  rank: number;
  steamid: string;
  name: string;
  seconds: number;
}

/** Where a keyset page starts: the last row of the page before it. */
export interface LeaderboardKey {
  seconds: number;
  steamid: string;
  rank: number;
}

/**
 * One page of a group's leaderboard for a period, most seconds first (ties by Steam id, highest
 * first, so both columns run the same way and a page after `after` is one row-value seek in the
 * index), from `offset` or past `after`. `next`: where the following page starts, null on the last.
 */
export async function leaderboard(
  db: Db,
  q: { groupId: string; period: string; offset: number; limit: number; after?: LeaderboardKey | null },
): Promise<{ rows: LeaderboardRow[]; next: LeaderboardKey | null }> {
  let query = db
    .selectFrom('player_playtime as t')
    .leftJoin('players as p', 'p.steamid', 't.steamid')
    .select(['t.steamid', 't.seconds', 'p.name'])
    .where('t.group_id', '=', q.groupId)
    .where('t.period', '=', q.period);
  if (q.after) query = query.where(pastKey(['t.seconds', 't.steamid'], '<', [q.after.seconds, q.after.steamid]));
  else if (q.offset > 0) query = query.offset(q.offset);
  // One row more than the page: whether a next page exists, without a count.
  const found = await query
    .orderBy('t.seconds', 'desc')
    .orderBy('t.steamid', 'desc')
    .limit(q.limit + 1)
    .execute();
  const above = q.after ? q.after.rank : q.offset;
  const rows = found.slice(0, q.limit).map((row, i) => ({
    rank: above + i + 1,
    steamid: row.steamid,
    name: row.name ?? row.steamid,
    seconds: Number(row.seconds),
  }));
  const last = rows.at(-1);
  const next =
    found.length > q.limit && last ? { seconds: last.seconds, steamid: last.steamid, rank: last.rank } : null;
  return { rows, next };
}

/** A player's rank in a group's leaderboard (1 + players with more seconds), or null without playtime there. */
export async function rankOf(db: Db, q: { groupId: string; period: string; steamid: string }) {
  const own = await db
    .selectFrom('player_playtime')
    .select('seconds')
    .where('group_id', '=', q.groupId)
    .where('period', '=', q.period)
    .where('steamid', '=', q.steamid)
    .executeTakeFirst();
  if (!own) return null;
  const ahead = await db
    .selectFrom('player_playtime')
    .select(sql<number>`count(*)`.as('n'))
    .where('group_id', '=', q.groupId)
    .where('period', '=', q.period)
    .where('seconds', '>', own.seconds)
    .executeTakeFirstOrThrow();
  return { rank: Number(ahead.n) + 1, seconds: Number(own.seconds) };
}

/** A player's closed sessions, newest first (at most `limit`). */
export async function sessionsOf(db: Db, steamid: string, limit: number) {
  const rows = await db
    .selectFrom('player_sessions')
    .select(['server_id', 'started_at', 'ended_at'])
    .where('steamid', '=', steamid)
    .orderBy('started_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ serverId: r.server_id, start: Number(r.started_at), end: Number(r.ended_at) }));
}

/** The groups and periods (this week, this month, all time) where the player has playtime, with their rank. */
export async function ranksOf(db: Db, steamid: string, now: number) {
  const periods: Array<[LeaderboardPeriod, string]> = [
    ['week', weekKey(now)],
    ['month', monthKey(now)],
    ['all', 'all'],
  ];
  const rows = await db
    .selectFrom('player_playtime')
    .select(['group_id', 'period'])
    .where('steamid', '=', steamid)
    .where(
      'period',
      'in',
      periods.map(([, key]) => key),
    )
    .orderBy('group_id')
    .execute();
  const ranks: Array<{ groupId: string; period: LeaderboardPeriod; rank: number; seconds: number }> = [];
  for (const row of rows) {
    const period = periods.find(([, key]) => key === row.period)?.[0] as LeaderboardPeriod;
    const rank = await rankOf(db, { groupId: row.group_id, period: row.period, steamid });
    if (rank) ranks.push({ groupId: row.group_id, period, ...rank });
  }
  return ranks;
}
