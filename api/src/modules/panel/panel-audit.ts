import type { FastifyRequest } from 'fastify';
import { accountsService } from '../accounts';
import { type AuditedChange, auditService } from '../audit';

/** Every panel change goes to the audit log as "<what>: before <json> after <json>". */
export async function auditPanelChange(request: FastifyRequest, change: AuditedChange): Promise<void> {
  const db = request.server.db;
  await auditService.writeChange(db, await accountsService.actorOf(db, request), change);
}
