import type { Kysely } from 'kysely';
import type { Actor } from '../accounts';
import { auditService } from '../audit';
import type { SharesAddonsTables } from './tables';

/** One audit line about a share, in the staff member's name; inside the caller's transaction when handed one. */
export async function auditShare(
  db: Kysely<SharesAddonsTables>,
  actor: Actor,
  share: { id: string; name: string },
  message: string,
): Promise<void> {
  await auditService.writeAudit(db, {
    client: actor.id,
    clientName: actor.name,
    target: share.id,
    targetName: share.name,
    message,
  });
}
