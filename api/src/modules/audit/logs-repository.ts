import { type LogEntry, parseSteamId, REDACTED_MESSAGE } from '@outpost/contracts';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor';
import type { AuditTables, LogEntriesTable } from './tables';

// Reading the audit and chat log, newest first, keyset-paged on (timestamp, id) in both
// directions so the viewer can load older and newer entries around a jumped-to one.

type Row = Selectable<LogEntriesTable>;
type LogQuery = SelectQueryBuilder<AuditTables, 'log_entries', Row>;

export interface LogFilter {
  player?: string;
  serverId?: string;
  type?: 'ACTION' | 'CHAT';
  from?: number;
  to?: number;
}

export interface LogPage {
  rows: Row[];
  olderCursor: string | null;
  newerCursor: string | null;
}

/**
 * The filter as one query, or two for a player (as client; as target but not client):
 * each then reads its own (client|target, timestamp, id) index in order, with no sort of
 * a busy player's whole history, and the pages are merged here.
 */
function filtered(db: Kysely<AuditTables>, filter: LogFilter): LogQuery[] {
  let query = db.selectFrom('log_entries').selectAll() as LogQuery;
  if (filter.serverId) query = query.where('server_id', '=', filter.serverId);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.from !== undefined) query = query.where('timestamp', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('timestamp', '<=', filter.to);
  const player = filter.player;
  if (!player) return [query];
  return [
    query.where('client', '=', player),
    query.where('target', '=', player).where((eb) => eb.or([eb('client', 'is', null), eb('client', '!=', player)])),
  ];
}

const newestFirst = (a: Row, b: Row) => b.timestamp - a.timestamp || b.id - a.id;

async function merged(
  queries: LogQuery[],
  run: (query: LogQuery) => Promise<Row[]>,
  limit: number,
  ascending: boolean,
) {
  const rows = (await Promise.all(queries.map(run))).flat().sort(newestFirst);
  // Ascending reads want the `limit` oldest of the newer rows: the tail of the newest-first list.
  return ascending ? rows.slice(Math.max(0, rows.length - limit)) : rows.slice(0, limit);
}

/** Entries strictly older than (t, id), newest first. The `<=` term lets the index range start at t. */
function older(queries: LogQuery[], t: number, id: number, limit: number) {
  const run = (query: LogQuery) =>
    query
      .where('timestamp', '<=', t)
      .where((eb) => eb.or([eb('timestamp', '<', t), eb('id', '<', id)]))
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  return merged(queries, run, limit, false);
}

/** Entries strictly newer than (t, id), the `limit` nearest ones, returned newest first. */
function newer(queries: LogQuery[], t: number, id: number, limit: number) {
  const run = (query: LogQuery) =>
    query
      .where('timestamp', '>=', t)
      .where((eb) => eb.or([eb('timestamp', '>', t), eb('id', '>', id)]))
      .orderBy('timestamp', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  return merged(queries, run, limit, true);
}

const key = (dir: 'o' | 'n', row: Row) => encodeCursor([dir, row.timestamp, row.id]);

export async function readLog(
  db: Kysely<AuditTables>,
  filter: LogFilter,
  paging: { cursor?: string; aroundId?: number; limit: number },
): Promise<LogPage | null> {
  const { limit } = paging;
  if (paging.aroundId !== undefined) {
    const anchor = await db.selectFrom('log_entries').selectAll().where('id', '=', paging.aroundId).executeTakeFirst();
    if (!anchor) return null;
    // The anchor plus up to `newerCount` newer and `olderCount` older entries.
    const newerCount = Math.floor((limit - 1) / 2);
    const olderCount = limit - 1 - newerCount;
    const [newerRows, olderRows] = await Promise.all([
      newer(filtered(db, filter), anchor.timestamp, anchor.id, newerCount + 1),
      older(filtered(db, filter), anchor.timestamp, anchor.id, olderCount + 1),
    ]);
    const moreNewer = newerRows.length > newerCount;
    const moreOlder = olderRows.length > olderCount;
    const newerPage = moreNewer ? newerRows.slice(1) : newerRows;
    const olderPage = olderRows.slice(0, olderCount);
    return {
      rows: [...newerPage, anchor, ...olderPage],
      newerCursor: moreNewer ? key('n', newerPage[0] ?? anchor) : null,
      olderCursor: moreOlder ? key('o', olderPage.at(-1) ?? anchor) : null,
    };
  }
  if (paging.cursor) {
    const [dir, t, id] = decodeCursor(paging.cursor, 'snn') as ['o' | 'n', number, number];
    if (dir === 'n') {
      const rows = await newer(filtered(db, filter), t, id, limit + 1);
      const page = rows.length > limit ? rows.slice(1) : rows;
      const last = page.at(-1);
      return {
        rows: page,
        newerCursor: rows.length > limit && page[0] ? key('n', page[0]) : null,
        olderCursor: last ? key('o', last) : encodeCursor(['o', t, id]),
      };
    }
    const rows = await older(filtered(db, filter), t, id, limit + 1);
    const page = rows.slice(0, limit);
    return {
      rows: page,
      olderCursor: rows.length > limit && page.at(-1) ? key('o', page.at(-1) as Row) : null,
      newerCursor: page[0] ? key('n', page[0]) : encodeCursor(['n', t, id]),
    };
  }
  const latest = (query: LogQuery) =>
    query
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
  const rows = await merged(filtered(db, filter), latest, limit + 1, false);
  const page = rows.slice(0, limit);
  return {
    rows: page,
    olderCursor: rows.length > limit && page.at(-1) ? key('o', page.at(-1) as Row) : null,
    newerCursor: null,
  };
}

export function toLogEntry(row: Row, options: { canSeeRedacted: boolean; statsConfigured: boolean }): LogEntry {
  const redacted = row.redacted === 1;
  const hasStats =
    options.statsConfigured && row.client_name !== null && row.client !== null && parseSteamId(row.client) !== null;
  return {
    id: row.id,
    timestamp: row.timestamp,
    client: row.client,
    clientName: row.client_name ?? row.client,
    clientRealId: row.client_real_id,
    clientRealName: row.client_real_name,
    target: row.target,
    targetName: row.target_name ?? row.target,
    type: row.type,
    message: redacted && !options.canSeeRedacted ? REDACTED_MESSAGE : row.message,
    serverId: row.server_id,
    redacted,
    ...(hasStats ? { hasStats: true } : {}),
  };
}
