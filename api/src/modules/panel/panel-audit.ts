import type { FastifyRequest } from 'fastify';
import { accountsService } from '../accounts';
import { auditService } from '../audit';

/** Longest before/after text kept in one audit line. */
const MAX_STATE_TEXT = 1500;

function describe(state: unknown): string {
  if (state === null || state === undefined) return 'none';
  const text = JSON.stringify(state);
  return text.length > MAX_STATE_TEXT ? `${text.slice(0, MAX_STATE_TEXT)}…` : text;
}

/** Every panel change goes to the audit log as "<what>: before <json> after <json>". */
export async function auditPanelChange(
  request: FastifyRequest,
  change: { message: string; before: unknown; after: unknown; target?: string | null; targetName?: string | null },
): Promise<void> {
  const db = request.server.db;
  const actor = await accountsService.actorOf(db, request);
  await auditService.writeAudit(db, {
    client: actor.id,
    clientName: actor.name,
    target: change.target ?? null,
    targetName: change.targetName ?? null,
    message: `${change.message}: before ${describe(change.before)} after ${describe(change.after)}`,
  });
}
