import type { Kysely } from 'kysely';
import { realActorOf } from '../../lib/acting-context';
import { nowSeconds } from '../../lib/clock';
import type { AuditTables } from './tables';

export interface AuditEntry {
  /** Who acted (Outpost user id or SteamID64) and their name at the time. */
  client: string | null;
  clientName: string | null;
  /**
   * The admin really acting when `client` is an account they impersonate. Left out, it is
   * taken from the request (an impersonated session); give it to say so explicitly.
   */
  realClient?: string | null;
  realClientName?: string | null;
  target?: string | null;
  targetName?: string | null;
  type?: 'ACTION' | 'CHAT';
  message: string;
  serverId?: string | null;
  timestamp?: number;
}

/**
 * The one way any module writes to the audit log: every staff action (bans, notes,
 * server actions, impersonation, settings) goes through here.
 */
export async function writeAudit(db: Kysely<AuditTables>, entry: AuditEntry): Promise<void> {
  await db.insertInto('log_entries').values(auditRow(entry)).execute();
}

/** Lines per insert statement: 11 columns each, far under SQLite's 32,766 variables. */
const AUDIT_ROWS_PER_STATEMENT = 500;

/**
 * Many lines at once (issue 29: a federation catch-up applying thousands of bans), a few
 * statements instead of one each; each line exactly as writeAudit would write it.
 */
export async function writeAudits(db: Kysely<AuditTables>, entries: readonly AuditEntry[]): Promise<void> {
  for (let at = 0; at < entries.length; at += AUDIT_ROWS_PER_STATEMENT) {
    await db
      .insertInto('log_entries')
      .values(entries.slice(at, at + AUDIT_ROWS_PER_STATEMENT).map(auditRow))
      .execute();
  }
}

function auditRow(entry: AuditEntry) {
  const fromRequest = realActorOf(entry.client);
  const realId = entry.realClient !== undefined ? entry.realClient : (fromRequest?.realId ?? null);
  const realName = entry.realClientName !== undefined ? entry.realClientName : (fromRequest?.realName ?? null);
  // Acting as oneself is not impersonating: the stop line is the admin's own.
  const real = realId !== null && realId !== entry.client ? { id: realId, name: realName } : null;
  return {
    timestamp: entry.timestamp ?? nowSeconds(),
    client: entry.client,
    client_name: entry.clientName,
    client_real_id: real?.id ?? null,
    client_real_name: real?.name ?? null,
    target: entry.target ?? null,
    target_name: entry.targetName ?? null,
    type: entry.type ?? 'ACTION',
    message: entry.message,
    server_id: entry.serverId ?? null,
    redacted: 0,
  };
}

/** The audit fields of an actor: who acted, and who really did while impersonating. */
export function auditActor(actor: {
  id: string | null;
  name: string | null;
  realId?: string | null;
  realName?: string | null;
}): Pick<AuditEntry, 'client' | 'clientName' | 'realClient' | 'realClientName'> {
  return {
    client: actor.id,
    clientName: actor.name,
    ...(actor.realId ? { realClient: actor.realId, realClientName: actor.realName ?? actor.realId } : {}),
  };
}

/** Longest before/after text kept in one audit line. */
const MAX_STATE_TEXT = 1500;

function describeState(state: unknown): string {
  if (state === null || state === undefined) return 'none';
  const text = JSON.stringify(state);
  return text.length > MAX_STATE_TEXT ? `${text.slice(0, MAX_STATE_TEXT)}…` : text;
}

export interface AuditedChange {
  message: string;
  before: unknown;
  after: unknown;
  target?: string | null;
  targetName?: string | null;
}

/** An administrative change as one audit line: "<what>: before <json> after <json>". */
export async function writeChange(
  db: Kysely<AuditTables>,
  actor: { id: string | null; name: string | null },
  change: AuditedChange,
): Promise<void> {
  await writeAudit(db, {
    client: actor.id,
    clientName: actor.name,
    target: change.target ?? null,
    targetName: change.targetName ?? null,
    message: `${change.message}: before ${describeState(change.before)} after ${describeState(change.after)}`,
  });
}
