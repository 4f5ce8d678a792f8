import type { CatalogCompleteness, ReleaseHealth, RemoteRelease, RouteTable } from '@outpost/contracts';
import { type Kysely, sql } from 'kysely';
import { fromJsonColumn } from '../../db/json-column';
import type { ReleasesTables, RemoteReleasesTable } from './tables';

export type ReleaseRow = RemoteReleasesTable;
type Db = Kysely<ReleasesTables>;

export function toRelease(row: ReleaseRow): RemoteRelease {
  return {
    version: row.version,
    entry: row.entry,
    contractVersion: row.contract_version,
    sharedVersions: fromJsonColumn<Record<string, string>>(row.shared_versions, {}),
    publishedBy: { id: row.published_by, name: row.published_by_name },
    publishedAt: Number(row.published_at),
    status: row.status === 'pruned' ? 'pruned' : 'available',
    activatedAt: row.activated_at === null ? null : Number(row.activated_at),
    catalogs: row.catalogs === null ? null : fromJsonColumn<CatalogCompleteness | null>(row.catalogs, null),
  };
}

export function routeTableOf(row: Pick<ReleaseRow, 'route_table'>): RouteTable | null {
  return fromJsonColumn<RouteTable | null>(row.route_table, null);
}

export async function insertRelease(db: Db, row: ReleaseRow): Promise<boolean> {
  const result = await db
    .insertInto('remote_releases')
    .values(row)
    .onConflict((conflict) => conflict.columns(['remote_id', 'version']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findRelease(db: Db, remoteId: string, version: string): Promise<ReleaseRow | undefined> {
  return db
    .selectFrom('remote_releases')
    .selectAll()
    .where('remote_id', '=', remoteId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Newest first. */
export async function listReleases(db: Db, remoteId?: string): Promise<ReleaseRow[]> {
  let query = db.selectFrom('remote_releases').selectAll();
  if (remoteId !== undefined) query = query.where('remote_id', '=', remoteId);
  return query.orderBy('sequence', 'desc').execute();
}

/** The next publish sequence number of a remote. */
export async function nextSequence(db: Db, remoteId: string): Promise<number> {
  const row = await db
    .selectFrom('remote_releases')
    .select((eb) => eb.fn.max('sequence').as('last'))
    .where('remote_id', '=', remoteId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function markPruned(db: Db, remoteId: string, version: string): Promise<void> {
  await db
    .updateTable('remote_releases')
    .set({ status: 'pruned' })
    .where('remote_id', '=', remoteId)
    .where('version', '=', version)
    .execute();
}

export interface ActiveRow {
  remote_id: string;
  version: string;
  activated_at: number;
  activated_by: string | null;
}

export async function listActive(db: Db): Promise<ActiveRow[]> {
  return db.selectFrom('remote_active').selectAll().orderBy('remote_id').execute();
}

export async function findActive(db: Db, remoteId: string): Promise<ActiveRow | undefined> {
  return db.selectFrom('remote_active').selectAll().where('remote_id', '=', remoteId).executeTakeFirst();
}

/** The active releases with their route tables, for /remotes.json (one query). */
export async function activeReleases(db: Db): Promise<ReleaseRow[]> {
  return db
    .selectFrom('remote_active')
    .innerJoin('remote_releases', (join) =>
      join
        .onRef('remote_releases.remote_id', '=', 'remote_active.remote_id')
        .onRef('remote_releases.version', '=', 'remote_active.version'),
    )
    .selectAll('remote_releases')
    .execute();
}

/**
 * Points the remote at `next` only if it still runs `expected` (null: no release yet).
 * One statement each way, so of two racing callers with the same expectation one wins and
 * the other changes nothing (PostgreSQL re-checks the WHERE after the winner's row lock).
 */
export async function compareAndSetActive(
  db: Db,
  remoteId: string,
  expected: string | null,
  next: { version: string; activatedAt: number; activatedBy: string | null },
): Promise<boolean> {
  if (expected === null) {
    const result = await db
      .insertInto('remote_active')
      .values({
        remote_id: remoteId,
        version: next.version,
        activated_at: next.activatedAt,
        activated_by: next.activatedBy,
      })
      .onConflict((conflict) => conflict.column('remote_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const result = await db
    .updateTable('remote_active')
    .set({ version: next.version, activated_at: next.activatedAt, activated_by: next.activatedBy })
    .where('remote_id', '=', remoteId)
    .where('version', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setActivatedAt(db: Db, remoteId: string, version: string, at: number): Promise<void> {
  await db
    .updateTable('remote_releases')
    .set({ activated_at: at })
    .where('remote_id', '=', remoteId)
    .where('version', '=', version)
    .execute();
}

// Canaries: one per (session, remote).

export async function setCanary(
  db: Db,
  row: { session_id: string; remote_id: string; version: string; expires_at: number },
): Promise<void> {
  await db
    .insertInto('remote_canaries')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['session_id', 'remote_id']).doUpdateSet({ version: row.version, expires_at: row.expires_at }),
    )
    .execute();
}

export async function clearCanary(db: Db, sessionId: string, remoteId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('remote_canaries')
    .where('session_id', '=', sessionId)
    .where('remote_id', '=', remoteId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The session's unexpired canaries, with the releases they point at. */
export async function canariesOf(db: Db, sessionId: string, now: number) {
  return db
    .selectFrom('remote_canaries')
    .innerJoin('remote_releases', (join) =>
      join
        .onRef('remote_releases.remote_id', '=', 'remote_canaries.remote_id')
        .onRef('remote_releases.version', '=', 'remote_canaries.version'),
    )
    .selectAll('remote_releases')
    .select('remote_canaries.expires_at')
    .where('remote_canaries.session_id', '=', sessionId)
    .where('remote_canaries.expires_at', '>', now)
    .where('remote_releases.status', '=', 'available')
    .execute();
}

// Health: what browsers report per release.

export async function resetHealth(db: Db, remoteId: string, version: string): Promise<void> {
  await db
    .deleteFrom('remote_release_health')
    .where('remote_id', '=', remoteId)
    .where('version', '=', version)
    .execute();
}

export async function recordHealth(
  db: Db,
  remoteId: string,
  version: string,
  event: 'load' | 'load-failure' | 'render-error',
  message: string | null,
  now: number,
): Promise<void> {
  const counts = {
    loads: event === 'load' ? 1 : 0,
    load_failures: event === 'load-failure' ? 1 : 0,
    render_errors: event === 'render-error' ? 1 : 0,
  };
  const error = event === 'load' ? {} : { last_error: message ?? event, last_error_at: now };
  await db
    .insertInto('remote_release_health')
    .values({ remote_id: remoteId, version, ...counts, last_error: null, last_error_at: null, ...error })
    .onConflict((conflict) =>
      conflict.columns(['remote_id', 'version']).doUpdateSet({
        loads: sql`remote_release_health.loads + ${counts.loads}`,
        load_failures: sql`remote_release_health.load_failures + ${counts.load_failures}`,
        render_errors: sql`remote_release_health.render_errors + ${counts.render_errors}`,
        ...error,
      }),
    )
    .execute();
}

export async function healthOf(db: Db, remoteId: string, version: string): Promise<ReleaseHealth> {
  const row = await db
    .selectFrom('remote_release_health')
    .selectAll()
    .where('remote_id', '=', remoteId)
    .where('version', '=', version)
    .executeTakeFirst();
  const loads = Number(row?.loads ?? 0);
  const loadFailures = Number(row?.load_failures ?? 0);
  const renderErrors = Number(row?.render_errors ?? 0);
  const attempts = loads + loadFailures;
  return {
    loads,
    loadFailures,
    renderErrors,
    errorRate: attempts === 0 ? null : (loadFailures + renderErrors) / attempts,
    lastError: row?.last_error ?? null,
    lastErrorAt: row?.last_error_at === null || row?.last_error_at === undefined ? null : Number(row.last_error_at),
  };
}
