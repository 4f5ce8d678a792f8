// The audit module's door: it writes and reads the log table (audit lines and chat). The
// log's page is the players-bans-notes remote's (/admin/audit); it reads through auditService.
import type { LogEntry } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { Door } from '../../db/module-db';
import { auditActor, writeAudit, writeAudits, writeChange } from './audit-service';
import { chatLinesPerDay } from './chat-per-day';
import { type LogFilter, readLog, toLogEntry } from './logs-repository';
import type { AuditTables } from './tables';

export type { AuditEntry, AuditedChange } from './audit-service';
export type { LogFilter } from './logs-repository';

/** One page of the log as clients see it; null when `aroundId` names no entry. */
async function readLogPage(
  db: Kysely<AuditTables>,
  filter: LogFilter,
  paging: { cursor?: string; aroundId?: number; limit: number },
  options: { canSeeRedacted: boolean; statsConfigured: boolean },
): Promise<{ entries: LogEntry[]; olderCursor: string | null; newerCursor: string | null } | null> {
  const page = await readLog(db, filter, paging);
  if (!page) return null;
  return {
    entries: page.rows.map((row) => toLogEntry(row, options)),
    olderCursor: page.olderCursor,
    newerCursor: page.newerCursor,
  };
}

const auditDoor = { writeAudit, writeAudits, writeChange, auditActor, readLogPage, chatLinesPerDay };

/**
 * What other modules ask of the audit log. Callers hand over their own view of the database (the same instance, or their
 * transaction); this door sees its own tables through it: the module's one cast.
 */
export const auditService = auditDoor as unknown as Door<typeof auditDoor>;
