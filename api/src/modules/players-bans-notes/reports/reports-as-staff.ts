import { type ReportResolve, reportResolveSchema } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { HttpError, InvalidInputError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { principalHas } from '../../../plugins/authorization';
import { type Actor, accountsService } from '../../accounts';
import type { PlayersBansNotesTables } from '../tables';
import { claimGroup, reloadGroup, resolveGroup } from './reports-service';

// The report queue's writes with their permission checks, for every path that acts as a staff
// account: the web's routes and the Discord staff channel's buttons (issue 26 item 4).

type Db = Kysely<PlayersBansNotesTables>;

function assertManages(auth: Principal): void {
  if (!principalHas(auth, 'reports.manage'))
    throw new HttpError(403, 'FORBIDDEN', 'You do not have the permission reports.manage');
}

/** Claims an open group (not from someone else: the web's take-over stays on the web). */
export async function claimReportAs(db: Db, auth: Principal, groupId: number, actor: Actor & { id: string }) {
  assertManages(auth);
  await claimGroup(db, await reloadGroup(db, groupId), actor, false);
}

/** Resolves a group as a ban (also bans.create), a note (also notes.create) or a dismissal, within the act-on rule. */
export async function resolveReportAs(
  db: Db,
  auth: Principal,
  groupId: number,
  resolution: ReportResolve,
  actor: Actor & { id: string },
): Promise<void> {
  assertManages(auth);
  const checked = reportResolveSchema.safeParse(resolution);
  if (!checked.success) throw new InvalidInputError('body', reportResolveSchema, resolution);
  const body = checked.data;
  const row = await reloadGroup(db, groupId);
  if (body.action !== 'dismiss') {
    const code = body.action === 'ban' ? 'bans.create' : 'notes.create';
    if (!principalHas(auth, code)) throw new HttpError(403, 'FORBIDDEN', `You do not have the permission ${code}`);
    await accountsService.assertMayActOnPlayer(
      db,
      auth,
      row.target_steamid,
      body.action === 'ban' ? 'ban this player' : 'write a note on this player',
    );
  }
  await resolveGroup(db, row, body, actor);
}
