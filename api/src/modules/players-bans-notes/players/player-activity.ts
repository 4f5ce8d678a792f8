import type { ActivityDay } from '@outpost/contracts';
import { type Kysely, sql } from 'kysely';
import { auditService } from '../../audit';
import type { PlayersBansNotesTables } from '../tables';

// A player's activity per UTC day (issue 28 item 3, the staff's timeline): one query per kind over
// that kind's per-player index. Days are integers (seconds / 86400, bigint division on SQLite and
// PostgreSQL alike); the buckets are dense, zeros included, so the chart's x axis is the range.

type Db = Kysely<PlayersBansNotesTables>;
const DAY = 86400;

type Counted = 'chatLines' | 'bans' | 'notes' | 'warnings' | 'reports';

/** `column / 86400` for GROUP BY: the UTC day number. */
const dayOf = (column: string) => sql<number>`${sql.ref(column)} / 86400`;

const counts = (rows: Array<{ day: number | string; count: number | string }>) =>
  rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));

export async function activityOf(db: Db, steamid: string, days: number, now: number): Promise<ActivityDay[]> {
  const today = Math.floor(now / DAY);
  const firstDay = today - days + 1;
  const from = firstDay * DAY;
  const to = (today + 1) * DAY;

  const [sessions, chat, bans, notes, warnings, reports] = await Promise.all([
    // Sessions overlapping the range; split at midnights below (a session can cross days).
    db
      .selectFrom('player_sessions')
      .select(['started_at', 'ended_at'])
      .where('steamid', '=', steamid)
      // started_at bounded below by the longest plausible session (a week) keeps it an index range.
      .where('started_at', '>=', from - 7 * DAY)
      .where('started_at', '<', to)
      .where('ended_at', '>', from)
      .execute(),
    auditService.chatLinesPerDay(db, steamid, from, to),
    db
      .selectFrom('bans')
      .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('count')])
      .where('steamid', '=', steamid)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(dayOf('created_at'))
      .execute()
      .then(counts),
    // Deleted notes and warnings stay for the record but are hidden from every list: not counted.
    db
      .selectFrom('notes')
      .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('count')])
      .where('steamid', '=', steamid)
      .where('deleted_at', 'is', null)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(dayOf('created_at'))
      .execute()
      .then(counts),
    db
      .selectFrom('warnings')
      .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('count')])
      .where('steamid', '=', steamid)
      .where('deleted_at', 'is', null)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(dayOf('created_at'))
      .execute()
      .then(counts),
    // Every report filed against the player (a group gathers several), by when it was filed.
    db
      .selectFrom('player_reports as r')
      .innerJoin('player_report_groups as g', 'g.id', 'r.group_id')
      .select([dayOf('r.created_at').as('day'), (eb) => eb.fn.countAll<number>().as('count')])
      .where('g.target_steamid', '=', steamid)
      .where('r.created_at', '>=', from)
      .where('r.created_at', '<', to)
      .groupBy(dayOf('r.created_at'))
      .execute()
      .then(counts),
  ]);

  const buckets: ActivityDay[] = Array.from({ length: days }, (_, i) => ({
    day: new Date((firstDay + i) * DAY * 1000).toISOString().slice(0, 10),
    playSeconds: 0,
    chatLines: 0,
    bans: 0,
    notes: 0,
    warnings: 0,
    reports: 0,
  }));
  const at = (day: number) => buckets[day - firstDay];
  for (const s of sessions) {
    let start = Math.max(Number(s.started_at), from);
    const end = Math.min(Number(s.ended_at), to);
    while (start < end) {
      const day = Math.floor(start / DAY);
      const until = Math.min(end, (day + 1) * DAY);
      const bucket = at(day);
      if (bucket) bucket.playSeconds += until - start;
      start = until;
    }
  }
  const add = (kind: Counted, rows: Array<{ day: number; count: number }>) => {
    for (const r of rows) {
      const bucket = at(r.day);
      if (bucket) bucket[kind] += r.count;
    }
  };
  add('chatLines', chat);
  add('bans', bans);
  add('notes', notes);
  add('warnings', warnings);
  add('reports', reports);
  return buckets;
}
