import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseSteamId } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { ImportedBan } from '../../players-bans-notes';
import { accountsBySteamId } from '../import-accounts';
import * as job from '../import-job';
import type { ImportSummary } from '../import-summary';
import { ImportInputError } from '../mysql-source';
import type { ImportsTables } from '../tables';
import { parseCsv } from './csv-table';

// Bans and comm blocks from any other system, as a CSV file in the documented layout (README
// "Moving from any other panel"), on the shared job model: each row's `id` (its id in the old
// system) is recorded under the source's name, so running the same file again, or a longer
// export of the same system, imports only the rows not imported before.

type Db = Kysely<ImportsTables>;

export const CSV_KIND = { bans: 'bans', comms: 'comm blocks' } as const;

export const CSV_REASON = {
  noTarget: 'neither a valid Steam id nor a valid IP',
  ipComm: 'a comm block needs a Steam id',
  badType: 'type is not ban, mute, gag or silence',
  badTime: 'created is not a Unix time or an ISO 8601 date',
} as const;

const TYPES = new Set(['ban', 'mute', 'gag', 'silence']);
const REQUIRED = ['id', 'type', 'steamid', 'created'];

type CsvRow = Record<string, string> & { sourceId: number };

export interface CsvSource {
  /** Identifies the rows' origin in the import mappings: "csv:<name>". */
  key: string;
  rows: CsvRow[];
}

/** Reads and checks the file; `name` (default: the file's name) keys its rows for later runs. */
export function readCsvSource(file: string, name?: string): CsvSource {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new ImportInputError(`cannot read ${file}`);
  }
  const rows = parseCsv(text);
  const missing = REQUIRED.filter((column) => rows.length > 0 && !(column in (rows[0] as object)));
  if (missing.length > 0)
    throw new ImportInputError(`the CSV has no column ${missing.join(', ')} (README: CSV format)`);
  const seen = new Set<number>();
  const keyed = rows.map((row, index): CsvRow => {
    const sourceId = Number(row.id);
    if (!Number.isSafeInteger(sourceId) || seen.has(sourceId))
      throw new ImportInputError(`row ${index + 2}: id must be a whole number, once per file (got "${row.id}")`);
    seen.add(sourceId);
    return Object.assign({ ...row }, { sourceId });
  });
  keyed.sort((a, b) => a.sourceId - b.sourceId);
  return { key: `csv:${name ?? path.basename(file)}`, rows: keyed };
}

/** Unix seconds or an ISO 8601 date; null when neither. */
function timeOf(value: string | undefined): number | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

export async function importCsv(db: Db, source: CsvSource, progress: job.ImportProgress = {}) {
  const summary = job.summaryOf(progress);
  for (const kind of Object.values(CSV_KIND)) summary.declare(kind);
  const admins = await accountsBySteamId(
    db,
    source.rows.map((row) => row.admin_steamid || null),
  );
  const step = job.progressOf(progress, source.rows.length);
  // Bans first, then everything else (comm blocks, and rows of an unknown type to count).
  const isBan = (row: CsvRow) => (row.type ?? '').trim().toLowerCase() === 'ban';
  for (const [kind, rows] of [
    [CSV_KIND.bans, source.rows.filter(isBan)],
    [CSV_KIND.comms, source.rows.filter((row) => !isBan(row))],
  ] as const) {
    await job.importRestrictionBatches<CsvRow>({
      db,
      sourceKey: source.key,
      mappingKind: 'restriction',
      summaryKind: kind,
      summary,
      batchSize: progress.batchSize ?? job.DEFAULT_BATCH,
      step,
      idOf: (row) => row.sourceId,
      readBatch: async (after, limit) => {
        const start = rows.findIndex((row) => row.sourceId > after);
        return start < 0 ? [] : rows.slice(start, start + limit);
      },
      convert: (row) => convert(summary, admins, row),
    });
  }
  await job.auditImport(db, summary, 'CSV', source.key);
  return summary;
}

function convert(
  summary: ImportSummary,
  admins: Map<string, string | null>,
  row: Record<string, string>,
): job.ConvertedBan | null {
  const type = (row.type ?? '').trim().toLowerCase();
  const kind = type === 'ban' ? CSV_KIND.bans : CSV_KIND.comms;
  if (!TYPES.has(type)) {
    summary.skipped(CSV_KIND.comms, CSV_REASON.badType);
    return null;
  }
  const steamid = parseSteamId(row.steamid ?? '');
  const ip = isIP((row.ip ?? '').trim()) ? (row.ip ?? '').trim() : null;
  if (!steamid && !ip) {
    summary.skipped(kind, CSV_REASON.noTarget);
    return null;
  }
  if (!steamid && type !== 'ban') {
    summary.skipped(kind, CSV_REASON.ipComm);
    return null;
  }
  const created = timeOf(row.created);
  if (created === null) {
    summary.skipped(kind, CSV_REASON.badTime);
    return null;
  }
  const length = Number(row.length) > 0 ? Math.floor(Number(row.length)) : null;
  const unbannedAt = timeOf(row.unbanned_at);
  const converted = job.convertedBan({
    type: type as ImportedBan['type'],
    steamid,
    ip,
    playerName: row.name ?? null,
    reason: row.reason ?? '',
    createdAt: created,
    length,
    adminId: row.admin_steamid ? (admins.get(row.admin_steamid) ?? null) : null,
    adminName: row.admin_name || null,
    serverId: null,
  });
  if (unbannedAt !== null) {
    converted.ban.unbannedAt = unbannedAt;
    converted.ban.unbannedByName = row.unbanned_by || null;
    converted.ban.unbanReason = row.unban_reason || '';
  }
  return converted;
}
