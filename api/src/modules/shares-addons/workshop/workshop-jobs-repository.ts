import type { WorkshopJob, WorkshopJobItem } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { fromJsonColumn, toJsonColumn } from '../../../db/json-column';
import type { SharesAddonsTables, WorkshopJobsTable } from '../tables';

export type WorkshopJobRow = WorkshopJobsTable;

export function toWorkshopJob(row: WorkshopJobRow): WorkshopJob {
  return {
    id: row.id,
    shareId: row.share_id,
    kind: row.kind === 'collection' ? 'collection' : 'item',
    workshopId: row.workshop_id,
    title: row.title,
    state: row.state as WorkshopJob['state'],
    items: fromJsonColumn<WorkshopJobItem[]>(row.items, []),
    error: row.error,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function insertJob(db: Kysely<SharesAddonsTables>, row: WorkshopJobRow): Promise<void> {
  await db.insertInto('workshop_jobs').values(row).execute();
}

export async function findJob(db: Kysely<SharesAddonsTables>, id: string): Promise<WorkshopJobRow | undefined> {
  return db.selectFrom('workshop_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listJobs(db: Kysely<SharesAddonsTables>, shareId: string, limit = 50): Promise<WorkshopJobRow[]> {
  return db
    .selectFrom('workshop_jobs')
    .selectAll()
    .where('share_id', '=', shareId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Saves a job's progress; the runner keeps its claim fresh with every save. */
export async function saveJob(
  db: Kysely<SharesAddonsTables>,
  job: WorkshopJob,
  runner: string,
  now: number,
): Promise<void> {
  let update = db
    .updateTable('workshop_jobs')
    .set({
      state: job.state,
      items: toJsonColumn(job.items),
      error: job.error,
      title: job.title,
      updated_at: now,
      heartbeat_at: now,
      runner,
    })
    .where('id', '=', job.id);
  // A cancel made elsewhere sticks: only the runner's own final save may write over it.
  if (job.state !== 'cancelled') update = update.where('state', '!=', 'cancelled');
  await update.execute();
}

/** Jobs not finished whose runner went quiet before `staleBefore` (or never started). */
export async function unclaimedJobIds(db: Kysely<SharesAddonsTables>, staleBefore: number): Promise<string[]> {
  const rows = await db
    .selectFrom('workshop_jobs')
    .select('id')
    .where('state', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleBefore)]))
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.id);
}

/** Takes a job for this runner only if nobody else holds it: true when this runner won. */
export async function claimJob(
  db: Kysely<SharesAddonsTables>,
  id: string,
  runner: string,
  now: number,
  staleBefore: number,
): Promise<boolean> {
  const result = await db
    .updateTable('workshop_jobs')
    .set({ runner, heartbeat_at: now })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running'])
    .where((eb) =>
      eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleBefore), eb('runner', '=', runner)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function cancelJobRow(db: Kysely<SharesAddonsTables>, id: string, now: number): Promise<void> {
  await db
    .updateTable('workshop_jobs')
    .set({ state: 'cancelled', updated_at: now })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running'])
    .execute();
}
