import { CompiledQuery, type Kysely } from 'kysely';
import { namedStatement } from '../../db/database';
import { isSqlite } from '../../db/schema-helpers';
import type { ServerPlace } from './bans';
import type { BansTable, PlayersBansNotesTables } from './tables';

// The plugin's connect check (issue 25, p95 <= 2 ms over 1M bans and 500k warnings): the
// restrictions in force whose scope covers the checking server, and the player's active
// warnings, in ONE statement. On PostgreSQL each statement is a round trip, and the machine's
// cost of a round trip (the socket write, waking a backend, reading the answer) was most of the
// check: two statements, even run at once on two pooled connections, paid it twice and waited
// for the slower of two backends. The text is fixed and compiled once per dialect, not built
// per call (the query builder's per-call compile was a measurable share of the budget), and on
// PostgreSQL it is a named statement, parsed and planned once per connection (planning this
// OR of two index lookups cost ~0.3 ms a call, three times its execution).
//
// Same rules as activeRestrictions (with `on`: bans-repository.ts, whereActive, covers) and
// activeWarnings (warnings-repository.ts); connect-check.test.ts holds them side by side.

export interface ConnectRestriction {
  id: number;
  type: BansTable['type'];
  reason: string;
  expires_at: number | null;
}

export interface ConnectWarning {
  id: number;
  reason: string;
  created_at: number;
  expires_at: number | null;
  author_name: string | null;
}

/** How many active warnings the check lists at most (newest first), as activeWarnings. */
const WARNINGS_LISTED = 100;

// :names are the parameters; a name may occur more than once.
const TEXT = `
SELECT 'r' AS row_kind, id, type, reason, expires_at, NULL AS created_at, NULL AS author_name
  FROM bans
  WHERE (steamid = :steamid OR ip = :ip)
    AND unbanned_at IS NULL AND (expires_at IS NULL OR expires_at > :now)
    AND (scope_kind = 'community' OR (scope_kind = 'server' AND scope_id = :server)
      OR (scope_kind = 'group' AND scope_id = :group))
UNION ALL
SELECT row_kind, id, type, reason, expires_at, created_at, author_name FROM (
  SELECT 'w' AS row_kind, id, NULL AS type, reason, expires_at, created_at, author_name
    FROM warnings
    WHERE steamid = :steamid AND deleted_at IS NULL
      AND lifted_at IS NULL AND (expires_at IS NULL OR expires_at > :now)
    ORDER BY id DESC LIMIT ${WARNINGS_LISTED}
) active_warnings`;

type Parameter = 'steamid' | 'ip' | 'now' | 'server' | 'group';

/** The statement in a dialect's placeholders: PostgreSQL numbers each name once, SQLite repeats values. */
function compile(sqlite: boolean): { sql: string; order: Parameter[] } {
  const order: Parameter[] = [];
  const sql = TEXT.replace(/:(\w+)/g, (_match, name: Parameter) => {
    if (sqlite) {
      order.push(name);
      return '?';
    }
    let at = order.indexOf(name);
    if (at < 0) at = order.push(name) - 1;
    return `$${at + 1}`;
  });
  return { sql, order };
}

const postgres = compile(false);
// Named on PostgreSQL: planned once per pooled connection (planning was most of its cost).
const STATEMENTS = {
  sqlite: compile(true),
  postgres: { sql: namedStatement('outpost_connect_check', postgres.sql), order: postgres.order },
};

type Row = {
  row_kind: 'r' | 'w';
  id: number;
  type: BansTable['type'] | null;
  reason: string;
  expires_at: number | string | null;
  created_at: number | string | null;
  author_name: string | null;
};

/**
 * What a connecting player is held to on `on`: restrictions in force by SteamID or IP whose
 * scope covers that server (newest first), and the SteamID's active warnings (newest first, at
 * most 100). Without a SteamID there are no warnings; without either, nothing.
 */
export async function connectCheckReads(
  db: Kysely<PlayersBansNotesTables>,
  who: { steamid?: string; ip?: string },
  now: number,
  on: ServerPlace,
): Promise<{ restrictions: ConnectRestriction[]; warnings: ConnectWarning[] }> {
  if (!who.steamid && !who.ip) return { restrictions: [], warnings: [] };
  const statement = isSqlite(db) ? STATEMENTS.sqlite : STATEMENTS.postgres;
  // Absent (or empty) ones are NULL: `= NULL` matches nothing, as leaving the branch out did.
  const values: Record<Parameter, string | number | null> = {
    steamid: who.steamid || null,
    ip: who.ip || null,
    now,
    server: on.serverId,
    group: on.groupId,
  };
  const { rows } = await db.executeQuery<Row>(
    CompiledQuery.raw(
      statement.sql,
      statement.order.map((name) => values[name]),
    ),
  );
  const restrictions: ConnectRestriction[] = [];
  const warnings: ConnectWarning[] = [];
  for (const row of rows) {
    const expiresAt = row.expires_at === null ? null : Number(row.expires_at);
    if (row.row_kind === 'r') {
      restrictions.push({
        id: Number(row.id),
        type: row.type as BansTable['type'],
        reason: row.reason,
        expires_at: expiresAt,
      });
    } else {
      warnings.push({
        id: Number(row.id),
        reason: row.reason,
        created_at: Number(row.created_at),
        expires_at: expiresAt,
        author_name: row.author_name,
      });
    }
  }
  // Newest first, whatever order the two halves come back in.
  restrictions.sort((a, b) => b.id - a.id);
  warnings.sort((a, b) => b.id - a.id);
  return { restrictions, warnings };
}
