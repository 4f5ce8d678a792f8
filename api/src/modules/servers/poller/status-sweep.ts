import { type Game, gameFamily } from '@outpost/contracts';
import { type Kysely, sql } from 'kysely';
import { toJsonColumn } from '../../../db/json-column';
import { nowSeconds } from '../../../lib/clock';
import { eventBus } from '../../../lib/event-bus';
import type { A2sClient } from '../../../protocols/a2s-client';
import { pingMinecraft } from '../../../protocols/minecraft-ping';
import { invalidateServersCache } from '../servers-response-cache';
import type { ServersTables } from '../tables';
import { recordHistory } from './server-history';
import { type QueryOutcome, type StoredStatus, toStoredStatus } from './stored-status';

export interface SweepOptions {
  timeoutMs: number;
  concurrency: number;
}

export interface SweepTarget {
  id: string;
  ip: string;
  port: number;
  queryPort: number | null;
  game: Game;
}

export interface SweepReport {
  servers: number;
  online: number;
  ms: number;
}

export async function loadSweepTargets(db: Kysely<ServersTables>): Promise<SweepTarget[]> {
  const rows = await db
    .selectFrom('servers')
    .innerJoin('server_groups', 'server_groups.id', 'servers.group_id')
    .select(['servers.id', 'servers.ip', 'servers.port', 'servers.query_port', 'server_groups.game'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    ip: row.ip,
    port: row.port,
    queryPort: row.query_port,
    game: row.game as Game,
  }));
}

export function queryServer(client: A2sClient, target: SweepTarget, timeoutMs: number): Promise<QueryOutcome> {
  const port = target.queryPort ?? target.port;
  return gameFamily(target.game) === 'minecraft'
    ? pingMinecraft(target.ip, port, timeoutMs)
    : client.query(target.ip, port, timeoutMs);
}

/** Runs `work` over items with at most `limit` in flight. */
async function forEachBounded<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * One pass over every server: query them (bounded), then store every status in one statement per 500
 * and add the sweep to the history rollups.
 */
export async function sweepStatuses(
  db: Kysely<ServersTables>,
  client: A2sClient,
  options: SweepOptions,
): Promise<SweepReport> {
  const started = Date.now();
  const targets = await loadSweepTargets(db);
  const results: { id: string; status: StoredStatus }[] = [];
  await forEachBounded(targets, options.concurrency, async (target) => {
    let outcome: QueryOutcome;
    try {
      outcome = await queryServer(client, target, options.timeoutMs);
    } catch {
      outcome = { kind: 'silent' };
    }
    results.push({ id: target.id, status: toStoredStatus(target.game, outcome) });
  });
  await storeStatuses(db, results);
  const report = {
    servers: targets.length,
    online: results.filter((r) => r.status.online).length,
    ms: Date.now() - started,
  };
  // The panel turns this into alerts and the health page's figures.
  eventBus(db).emit('sweep.finished', {
    at: nowSeconds(),
    durationMs: report.ms,
    servers: report.servers,
    answered: report.online,
    statuses: results.map(({ id, status }) => ({ id, online: status.online })),
  });
  // The rollups behind GET /api/servers/{id}/history: one write transaction per sweep.
  await recordHistory(db, results, nowSeconds());
  return report;
}

/** Offline keeps the last answer's time: status_updated_at means "last heard from". */
export async function storeStatuses(db: Kysely<ServersTables>, results: { id: string; status: StoredStatus }[]) {
  const now = nowSeconds();
  for (let start = 0; start < results.length; start += 500) {
    const rows = results
      .slice(start, start + 500)
      .map(
        ({ id, status }) =>
          sql`(cast(${id} as text), cast(${toJsonColumn(status)} as text), cast(${status.online ? now : null} as bigint))`,
      );
    await sql`with v(id, status, updated) as (values ${sql.join(rows)})
      update servers set status = v.status, status_updated_at = coalesce(v.updated, servers.status_updated_at)
      from v where servers.id = v.id`.execute(db);
  }
  invalidateServersCache(db);
}
