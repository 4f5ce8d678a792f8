import { randomUUID } from 'node:crypto';
import type { Importer, ImportJob, ImportKind, ImportPhase } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { fromJsonColumn, toJsonColumn } from '../../db/json-column';
import { nowSeconds } from '../../lib/clock';
import type { ImportProgress } from './import-job';
import { ImportSummary } from './import-summary';
import type { ImportJobsTable, ImportsTables } from './tables';

// Every importer run records its state in import_jobs as it goes (issue 24, "a progress bar in
// the panel"): started, done/total of the batched rows and the summary so far after each batch
// (at most every WRITE_EVERY_MS, so a fast import is not slowed by its own bookkeeping), then
// finished or failed. The panel reads the rows (GET /api/panel/imports).

type Db = Kysely<ImportsTables>;

/** The least time between two progress writes of one run. */
const WRITE_EVERY_MS = 250;
/** A running row not updated for this long belongs to a run that stopped (killed, machine restarted). */
export const STALE_AFTER_SECONDS = 120;
/** While running, the row is touched this often even between batches (admins, notes…). */
const HEARTBEAT_MS = 30_000;
/** Only so much of a failure's message is kept. */
const ERROR_LENGTH = 300;
/** The panel lists this many runs, newest first. */
export const LISTED_JOBS = 20;

export interface JobRecord {
  id: string;
  /** Hand to the importer: it fills the summary and reports progress; both are written here. */
  progress: ImportProgress & { summary: ImportSummary };
  finish(): Promise<void>;
  fail(error: unknown): Promise<void>;
}

/**
 * Starts a run's row. `onProgress` (the CLI's bar) is called as well. A failure to write the
 * progress row never fails the import itself: the rows still come in.
 */
export async function startJobRecord(
  db: Db,
  run: { importer: Importer; source: string; onProgress?: ImportProgress['onProgress']; batchSize?: number },
): Promise<JobRecord> {
  const id = randomUUID();
  const summary = new ImportSummary();
  const started = nowSeconds();
  await db
    .insertInto('import_jobs')
    .values({
      id,
      importer: run.importer,
      source: run.source.slice(0, 200),
      phase: 'running',
      done: 0,
      total: 0,
      kinds: toJsonColumn([]),
      error: null,
      started_at: started,
      updated_at: started,
      finished_at: null,
    })
    .execute();
  let done = 0;
  let total = 0;
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = (fields: Partial<ImportJobsTable>) => {
    writing = writing
      .then(async () => {
        await db
          .updateTable('import_jobs')
          .set({ done, total, kinds: toJsonColumn(summary.rows()), updated_at: nowSeconds(), ...fields })
          .where('id', '=', id)
          .execute();
      })
      .catch(() => undefined);
    return writing;
  };
  const heartbeat = setInterval(() => void write({}), HEARTBEAT_MS);
  heartbeat.unref();
  return {
    id,
    progress: {
      summary,
      batchSize: run.batchSize,
      onProgress(rowsDone, rowsTotal) {
        done = rowsDone;
        total = rowsTotal;
        run.onProgress?.(rowsDone, rowsTotal);
        const now = Date.now();
        if (now - lastWrite >= WRITE_EVERY_MS || rowsDone === rowsTotal) {
          lastWrite = now;
          void write({});
        }
      },
    },
    async finish() {
      clearInterval(heartbeat);
      await write({ phase: 'finished', finished_at: nowSeconds() });
    },
    async fail(error) {
      clearInterval(heartbeat);
      const message = error instanceof Error ? error.message : String(error);
      await write({ phase: 'failed', finished_at: nowSeconds(), error: message.slice(0, ERROR_LENGTH) });
    },
  };
}

function jobOf(row: ImportJobsTable, now: number): ImportJob {
  const phase = row.phase as ImportPhase;
  return {
    id: row.id,
    importer: row.importer as Importer,
    source: row.source,
    phase: phase === 'running' && now - Number(row.updated_at) > STALE_AFTER_SECONDS ? 'interrupted' : phase,
    done: Number(row.done),
    total: Number(row.total),
    kinds: fromJsonColumn<ImportKind[]>(row.kinds, []),
    error: row.error,
    startedAt: Number(row.started_at),
    updatedAt: Number(row.updated_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  };
}

/** The newest runs first. */
export async function listJobRecords(db: Db, limit = LISTED_JOBS): Promise<ImportJob[]> {
  const rows = await db
    .selectFrom('import_jobs')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  const now = nowSeconds();
  return rows.map((row) => jobOf(row, now));
}
