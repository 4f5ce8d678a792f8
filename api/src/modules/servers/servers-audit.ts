import type { FastifyRequest } from 'fastify';
import { accountsService } from '../accounts';
import { auditService } from '../audit';

/** Writes who did what to the audit log, with the acting user's name at the time. */
export async function auditServers(request: FastifyRequest, message: string, serverId: string | null = null) {
  const userId = request.auth?.userId ?? null;
  const user = userId ? await accountsService.findUserById(request.server.db, userId) : undefined;
  await auditService.writeAudit(request.server.db, {
    client: userId,
    clientName: user?.name ?? null,
    message,
    serverId,
  });
}
