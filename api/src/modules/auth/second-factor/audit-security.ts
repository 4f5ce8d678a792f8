import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../../lib/principal';
import { accountsService } from '../../accounts';
import { auditService } from '../../audit';

/** The person signed in on a request: while impersonating, the admin, not whom they act as. */
export const personOf = (auth: Principal) => auth.impersonatorId ?? auth.userId;

/**
 * Second-factor events go to the audit log in the signed-in person's name (issue 31 item 4):
 * enrolment, removal, recovery-code use, a command-line reset and every refused step-up.
 */
export async function auditSecurity(request: FastifyRequest, message: string): Promise<void> {
  const db = request.server.db;
  const auth = request.auth as Principal;
  const person = personOf(auth);
  const name = (await accountsService.findUserName(db, person)) ?? person;
  await auditService.writeAudit(db, {
    client: person,
    clientName: name,
    realClient: null,
    realClientName: null,
    target: person,
    targetName: name,
    message: `second factor: ${message}`,
  });
}
