import type { FastifyRequest } from 'fastify';
import { findUserById } from '../accounts/accounts-repository';
import { writeAudit } from '../audit/audit-service';

/** Writes who did what to the audit log, with the acting user's name at the time. */
export async function auditServers(request: FastifyRequest, message: string, serverId: string | null = null) {
  const userId = request.auth?.userId ?? null;
  const user = userId ? await findUserById(request.server.db, userId) : undefined;
  await writeAudit(request.server.db, { client: userId, clientName: user?.name ?? null, message, serverId });
}
