import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowSeconds } from '../../lib/clock';

export interface AuditEntry {
  /** Who acted (Outpost user id or SteamID64) and their name at the time. */
  client: string | null;
  clientName: string | null;
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
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('log_entries')
    .values({
      timestamp: entry.timestamp ?? nowSeconds(),
      client: entry.client,
      client_name: entry.clientName,
      target: entry.target ?? null,
      target_name: entry.targetName ?? null,
      type: entry.type ?? 'ACTION',
      message: entry.message,
      server_id: entry.serverId ?? null,
      redacted: 0,
    })
    .execute();
}
