import type { Kysely } from 'kysely';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { principalHas } from '../../../plugins/authorization';
import type { Actor } from '../../accounts';
import type { PlayersBansNotesTables } from '../tables';
import { findAppeal } from './appeals-repository';
import { assignAppeal } from './appeals-service';

/**
 * Claims an open appeal for the caller (assigns it to them): the Discord staff channel's
 * Claim button (issue 26 item 4), with the web's checks (appeals.manage, never one's own).
 */
export async function claimAppealAs(
  db: Kysely<PlayersBansNotesTables>,
  auth: Principal,
  appealId: number,
  actor: Actor & { id: string },
): Promise<void> {
  if (!principalHas(auth, 'appeals.manage'))
    throw new HttpError(403, 'FORBIDDEN', 'You do not have the permission appeals.manage');
  const appeal = await findAppeal(db, appealId);
  if (!appeal) throw new HttpError(404, 'NOT_FOUND', 'No appeal has this id');
  if (appeal.assignee_id && appeal.assignee_id !== actor.id)
    throw new HttpError(
      409,
      'APPEAL_CLAIMED',
      `${appeal.assignee_name ?? 'Someone'} is already working on this appeal`,
    );
  await assignAppeal(db, appeal, actor.id, actor);
}
