import type { Kysely } from 'kysely';
import { auditService } from '../audit';
import { type ImportedBan, type ImportedNote, playersBansNotesService } from '../players-bans-notes';
import { ImportSummary } from './import-summary';
import { mappingsInRange, recordMappings } from './mappings-repository';
import type { ImportsTables } from './tables';

// The job model every importer runs on (SourceBans++, AMXBans, CS2-SimpleAdmin, CSV): each
// imported row is recorded in import_mappings under the source's key, so a second run brings
// only rows it has no mapping for; large kinds go in batches read in source-id order, one
// transaction per batch (rows and their mappings together), so an interrupted run resumes
// at the first batch it had not finished. Progress is reported per batch.

type Db = Kysely<ImportsTables>;

export interface ImportProgress {
  /** Called as ban and comm block batches are done: rows read so far of all rows. */
  onProgress?(done: number, total: number): void;
  /** Rows read and written per transaction (bans, comm blocks). */
  batchSize?: number;
  /** The summary the run fills (a recorded run reads it as it goes); a new one when not given. */
  summary?: ImportSummary;
}

/** The summary a run fills: the one its caller handed in, or a new one. */
export function summaryOf(progress: ImportProgress): ImportSummary {
  return progress.summary ?? new ImportSummary();
}

export const DEFAULT_BATCH = 3000;

/** A player's address the old system recorded beside a Steam-id ban (kept as a known IP). */
export interface KnownIp {
  steamid: string;
  ip: string;
  seenAt: number;
}

export interface ConvertedBan {
  ban: ImportedBan;
  knownIp: KnownIp | null;
}

/**
 * A player's restriction as Outpost stores it, not lifted (the caller sets the unban fields when
 * it was): a Steam-id ban stays one, its recorded address kept as a known IP of the player
 * (an Outpost ban with an IP also blocks that IP, which the old system never did); an IP ban
 * has no Steam id.
 */
export function convertedBan(
  fields: Pick<ImportedBan, 'type' | 'steamid' | 'ip' | 'playerName' | 'reason' | 'createdAt' | 'length'> &
    Pick<ImportedBan, 'adminId' | 'adminName' | 'serverId'>,
): ConvertedBan {
  const { steamid, ip } = fields;
  return {
    ban: {
      ...fields,
      ip: steamid ? null : ip,
      playerName: (fields.playerName ?? '').slice(0, 128) || null,
      unbannedAt: null,
      unbannedById: null,
      unbannedByName: null,
      unbanReason: null,
    },
    knownIp: steamid && ip ? { steamid, ip, seenAt: fields.createdAt } : null,
  };
}

/** Reports progress over a known total; answers the step to call per batch. */
export function progressOf(progress: ImportProgress, total: number): (rows: number) => void {
  let done = 0;
  progress.onProgress?.(0, total);
  return (rows) => {
    done += rows;
    progress.onProgress?.(done, total);
  };
}

export interface RestrictionBatches<R> {
  db: Db;
  sourceKey: string;
  /** The mapping kind (ban, comm...). */
  mappingKind: string;
  /** The summary's kind the imported rows are counted under. */
  summaryKind: string;
  summary: ImportSummary;
  batchSize: number;
  /** Up to `limit` rows whose source id is > `after`, in source-id order. */
  readBatch(after: number, limit: number): Promise<R[]>;
  idOf(row: R): number;
  /** The Outpost ban, or null when the row is skipped (the converter counts why). */
  convert(row: R): ConvertedBan | null;
  step(rows: number): void;
}

/** Bans or comm blocks, batch by batch, each batch one transaction. */
export async function importRestrictionBatches<R>(job: RestrictionBatches<R>): Promise<void> {
  const { db, sourceKey, mappingKind } = job;
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = await job.readBatch(after, job.batchSize);
    if (rows.length === 0) return;
    const first = job.idOf(rows[0] as R);
    after = job.idOf(rows[rows.length - 1] as R);
    const known = await mappingsInRange(db, sourceKey, mappingKind, first, after);
    const converted: (ConvertedBan & { sourceId: number })[] = [];
    for (const row of rows) {
      const sourceId = job.idOf(row);
      if (known.has(sourceId)) continue;
      const result = job.convert(row);
      if (result) converted.push({ sourceId, ...result });
    }
    if (converted.length > 0) {
      await writeWithMappings(db, sourceKey, mappingKind, converted, async (trx) => {
        const ids = await playersBansNotesService.importHistory.bans(
          trx,
          converted.map((c) => c.ban),
        );
        const ips = converted.flatMap((c) => (c.knownIp ? [c.knownIp] : []));
        if (ips.length > 0) await playersBansNotesService.importHistory.playerIps(trx, ips);
        return ids;
      });
      job.summary.imported(job.summaryKind, converted.length);
    }
    job.step(rows.length);
  }
}

/** Writes rows (insert answers their new ids in order) and their mappings in one transaction. */
export async function writeWithMappings(
  db: Db,
  sourceKey: string,
  mappingKind: string,
  rows: readonly { sourceId: number }[],
  insert: (trx: Db) => Promise<number[]>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ids = await insert(trx);
    await recordMappings(
      trx,
      sourceKey,
      mappingKind,
      rows.map((row, i) => [row.sourceId, String(ids[i])] as const),
    );
  });
}

/** Staff-only notes (comments, warnings...) with their mappings, in one transaction. */
export async function importNotes(
  db: Db,
  sourceKey: string,
  mappingKind: string,
  notes: readonly { sourceId: number; note: ImportedNote }[],
): Promise<number> {
  if (notes.length === 0) return 0;
  await writeWithMappings(db, sourceKey, mappingKind, notes, (trx) =>
    playersBansNotesService.importHistory.notes(
      trx,
      notes.map((n) => n.note),
    ),
  );
  return notes.length;
}

/** One audit line naming what a run brought in (nothing when it brought nothing). */
export async function auditImport(db: Db, summary: ImportSummary, importer: string, from: string): Promise<void> {
  if (summary.totalImported() === 0) return;
  await auditService.writeAudit(db, {
    client: null,
    clientName: `${importer} import`,
    message: `imported from ${importer} (${from}): ${summary
      .rows()
      .filter((row) => row.imported > 0)
      .map((row) => `${row.imported} ${row.kind}`)
      .join(', ')}`,
  });
}
