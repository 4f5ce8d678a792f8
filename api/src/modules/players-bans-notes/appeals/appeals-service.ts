import {
  APPEAL_MESSAGES_PER_MINUTE,
  APPEALS_CREATED_PER_DAY,
  type AppealDecision,
  appealPath,
} from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import { raiseCommunityEvent } from '../../../lib/community-events';
import { eventBus } from '../../../lib/event-bus';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { principalHas } from '../../../plugins/authorization';
import { type Actor, accountsService } from '../../accounts';
import { auditService } from '../../audit';
import {
  actorWords,
  lengthWords,
  type NewNotification,
  type NotificationWords,
  notificationsService,
} from '../../notifications';
import { type BanRow, banStatus, describeLength, editBan, findBan, unban } from '../bans';
import type { PlayersBansNotesTables } from '../tables';
import {
  type AppealRow,
  countAppealsSince,
  countMessagesSince,
  findAppeal,
  findOpenAppealOfBan,
} from './appeals-repository';

// Every write to an appeal: opening, the conversation, assignment and the decision. Each is
// audit-logged (never with a message's text: internal comments stay between staff), tells
// the player and the assignee (never the one who acted), and an accepted appeal changes the
// ban only through the bans service's own unban/edit path.

type Db = Kysely<PlayersBansNotesTables>;
const DAY = 86_400;
const MINUTE = 60;

const who = (row: { player_name: string | null; steamid: string }) =>
  row.player_name ? `${row.player_name} (${row.steamid})` : row.steamid;

export function assertOpen(appeal: AppealRow): void {
  if (appeal.state !== 'open') {
    throw new HttpError(
      409,
      'APPEAL_NOT_OPEN',
      `This appeal is ${appeal.state}: it takes no further replies or changes`,
    );
  }
}

/** Another request decided or closed it meanwhile: say what it is now. */
async function assertStillOpen(db: Db, appeal: AppealRow): Promise<void> {
  const now = await findAppeal(db, appeal.id);
  assertOpen(now && now.state !== 'open' ? now : { ...appeal, state: 'closed' });
}

/** The Steam id the caller signed in with (null for an account without one). */
export async function steamIdOf(db: Db, userId: string): Promise<string | null> {
  return (await accountsService.findUserById(db, userId))?.steamid ?? null;
}

/** The player's account, when they have signed in (imported appeals may have none yet). */
async function playerUserId(db: Db, appeal: AppealRow): Promise<string | null> {
  if (appeal.player_user_id) return appeal.player_user_id;
  return (await accountsService.findUserBySteamId(db, appeal.steamid))?.id ?? null;
}

/** Notifies the player (unless `staffOnly`) and the assignee, leaving out whoever acted. */
async function notify(
  db: Db,
  appeal: AppealRow,
  actorId: string | null,
  notification: { player?: NewNotification; staff?: NewNotification },
): Promise<void> {
  const player = notification.player ? await playerUserId(db, appeal) : null;
  if (player && notification.player && player !== actorId) {
    await notificationsService.createNotification(db, player, notification.player);
  }
  if (appeal.assignee_id && notification.staff && appeal.assignee_id !== actorId && appeal.assignee_id !== player) {
    await notificationsService.createNotification(db, appeal.assignee_id, notification.staff);
  }
}

async function audit(db: Db, actor: Actor, appeal: AppealRow, message: string): Promise<void> {
  await auditService.writeAudit(db, {
    ...auditService.auditActor(actor),
    target: appeal.steamid,
    targetName: appeal.player_name,
    message,
  });
}

/** Opens an appeal of a ban in force on the caller's own Steam id. */
export async function openAppeal(
  db: Db,
  auth: Principal,
  input: { banId: number; statement: string },
  actor: Actor,
): Promise<AppealRow> {
  const ban = await findBan(db, input.banId);
  if (!ban) throw new HttpError(404, 'NOT_FOUND', 'No ban has this id');
  const steamid = await steamIdOf(db, auth.userId);
  if (!steamid || ban.steamid !== steamid) {
    throw new HttpError(403, 'NOT_YOUR_BAN', 'You can only appeal a ban on the Steam account you signed in with');
  }
  const now = nowSeconds();
  if (banStatus(ban, now) !== 'active') {
    throw new HttpError(409, 'BAN_NOT_ACTIVE', 'This ban is no longer in force: there is nothing to appeal');
  }
  const open = await findOpenAppealOfBan(db, ban.id);
  if (open) {
    throw new HttpError(409, 'APPEAL_EXISTS', 'This ban already has an open appeal', { appealId: open.id });
  }
  if ((await countAppealsSince(db, steamid, now - DAY)) >= APPEALS_CREATED_PER_DAY) {
    throw new HttpError(429, 'RATE_LIMITED', `At most ${APPEALS_CREATED_PER_DAY} appeals a day: try again tomorrow`);
  }
  let id: number;
  try {
    const inserted = await db
      .insertInto('ban_appeals')
      .values({
        ban_id: ban.id,
        steamid,
        player_user_id: auth.userId,
        player_name: actor.name ?? ban.player_name,
        statement: input.statement,
        state: 'open',
        open_ban_id: ban.id,
        assignee_id: null,
        assignee_name: null,
        created_at: now,
        last_activity_at: now,
        decided_at: null,
        decided_by_id: null,
        decided_by_name: null,
        decision_reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = Number(inserted.id);
  } catch (error) {
    // Two requests at once: the unique open_ban_id index let only one in.
    if (await findOpenAppealOfBan(db, ban.id))
      throw new HttpError(409, 'APPEAL_EXISTS', 'This ban already has an open appeal');
    throw error;
  }
  const row = (await findAppeal(db, id)) as AppealRow;
  await audit(db, actor, row, `appealed ${ban.type === 'ban' ? 'ban' : ban.type} #${ban.id} [appeal #${id}]`);
  raiseCommunityEvent(db, {
    kind: 'appeal.opened',
    key: `appeal.opened:${id}`,
    title: `Appeal: ${who(row)}`,
    text: '',
    fields: [
      { name: 'Ban', value: `#${ban.id} (${ban.type})` },
      { name: 'Ban reason', value: ban.reason.slice(0, 200) },
    ],
    path: appealPath(id),
    at: now,
  });
  eventBus(db).emit('staff-item.changed', { kind: 'appeal', id });
  return row;
}

/** A reply (player or staff) or a staff-only internal comment. */
export async function addMessage(
  db: Db,
  appeal: AppealRow,
  input: { body: string; internal: boolean; by: 'player' | 'staff' },
  actor: Actor & { id: string },
): Promise<void> {
  assertOpen(appeal);
  const now = nowSeconds();
  if ((await countMessagesSince(db, actor.id, now - MINUTE)) >= APPEAL_MESSAGES_PER_MINUTE) {
    throw new HttpError(
      429,
      'RATE_LIMITED',
      `You are writing too fast: at most ${APPEAL_MESSAGES_PER_MINUTE} messages a minute`,
    );
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('ban_appeal_messages')
      .values({
        appeal_id: appeal.id,
        author_role: input.by,
        author_id: actor.id,
        author_name: actor.name,
        body: input.body,
        internal: input.internal ? 1 : 0,
        created_at: now,
      })
      .execute();
    await trx.updateTable('ban_appeals').set({ last_activity_at: now }).where('id', '=', appeal.id).execute();
  });
  const what = input.internal ? 'commented (staff only) on' : 'replied to';
  await audit(db, actor, appeal, `${what} appeal #${appeal.id} of ban #${appeal.ban_id}`);
  const link = appealPath(appeal.id);
  if (input.by === 'player') {
    await notify(db, appeal, actor.id, {
      staff: {
        level: 1,
        words: {
          key: 'notifications.appeal.playerReplied',
          params: { player: appeal.player_name ?? appeal.steamid, appeal: appeal.id },
        },
        link,
      },
    });
  } else {
    await notify(db, appeal, actor.id, {
      player: input.internal
        ? undefined
        : { level: 1, words: { key: 'notifications.appeal.yours.replied', params: { ban: appeal.ban_id } }, link },
      staff: {
        level: 1,
        words: {
          key: input.internal ? 'notifications.appeal.commented' : 'notifications.appeal.staffReplied',
          params: { actor: actorWords(actor.name, 'staff'), appeal: appeal.id },
        },
        link,
      },
    });
  }
}

/** The player withdraws their open appeal. */
export async function closeAppeal(db: Db, appeal: AppealRow, actor: Actor & { id: string }): Promise<void> {
  assertOpen(appeal);
  const now = nowSeconds();
  const result = await db
    .updateTable('ban_appeals')
    .set({ state: 'closed', open_ban_id: null, decided_at: now, last_activity_at: now })
    .where('id', '=', appeal.id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) await assertStillOpen(db, appeal);
  await audit(db, actor, appeal, `withdrew appeal #${appeal.id} of ban #${appeal.ban_id}`);
  eventBus(db).emit('staff-item.changed', { kind: 'appeal', id: appeal.id });
  await notify(db, appeal, actor.id, {
    staff: {
      level: 1,
      words: {
        key: 'notifications.appeal.withdrawn',
        params: { player: appeal.player_name ?? appeal.steamid, appeal: appeal.id },
      },
      link: appealPath(appeal.id),
    },
  });
}

/** Assigns an open appeal to a staff member who holds appeals.manage (or to nobody). */
export async function assignAppeal(
  db: Db,
  appeal: AppealRow,
  assigneeId: string | null,
  actor: Actor & { id: string },
): Promise<void> {
  assertOpen(appeal);
  let assigneeName: string | null = null;
  if (assigneeId) {
    const user = await accountsService.findUserById(db, assigneeId);
    const permissions = user ? await accountsService.loadPermissions(db, user.id) : null;
    if (!user || !permissions || !principalHas({ permissions }, 'appeals.manage')) {
      throw new HttpError(400, 'NOT_APPEALS_STAFF', 'An appeal can only be assigned to staff who hold appeals.manage');
    }
    if (user.steamid === appeal.steamid) {
      throw new HttpError(400, 'OWN_APPEAL', 'A player cannot be assigned their own appeal');
    }
    assigneeName = user.name;
  }
  await db
    .updateTable('ban_appeals')
    .set({ assignee_id: assigneeId, assignee_name: assigneeName })
    .where('id', '=', appeal.id)
    .execute();
  await audit(
    db,
    actor,
    appeal,
    `${assigneeId ? `assigned appeal #${appeal.id} to ${assigneeName}` : `unassigned appeal #${appeal.id}`}${actor.via ? ` via ${actor.via}` : ''}`,
  );
  eventBus(db).emit('staff-item.changed', { kind: 'appeal', id: appeal.id });
  if (assigneeId && assigneeId !== actor.id) {
    await notificationsService.createNotification(db, assigneeId, {
      level: 1,
      words: {
        key: 'notifications.appeal.assigned',
        params: { actor: actorWords(actor.name, 'staff'), appeal: appeal.id },
      },
      link: appealPath(appeal.id),
    });
  }
}

/**
 * Accepts (lifting or shortening the ban through the bans service) or denies an open appeal.
 * The appeal is claimed first (open -> decided, atomically), so two staff deciding at once
 * cannot both act; when the ban change is refused the claim is undone.
 */
export async function decideAppeal(
  db: Db,
  auth: Principal,
  appeal: AppealRow,
  decision: AppealDecision,
  actor: Actor & { id: string },
): Promise<void> {
  assertOpen(appeal);
  const ban = await findBan(db, appeal.ban_id);
  const now = nowSeconds();
  const inForce = ban !== undefined && banStatus(ban, now) === 'active';
  if (decision.outcome === 'accepted' && ban && inForce) {
    const needed = decision.action === 'lift' ? 'bans.unban' : 'bans.edit';
    if (!principalHas(auth, needed)) throw new HttpError(403, 'FORBIDDEN', `You do not have the permission ${needed}`);
    await accountsService.assertMayActOnPlayer(db, auth, ban.steamid, 'change a ban on this player');
    // Before the appeal is claimed: lifting another admin's ban needs a role that allows it (issue 25).
    if (decision.action === 'lift')
      await accountsService.assertWithinRoleLimits(db, actor, { kind: 'lift', own: ban.admin_id === actor.id });
    if (decision.action === 'shorten' && ban.length !== null && (decision.length ?? 0) >= ban.length) {
      throw new HttpError(400, 'NOT_SHORTER', `The new length must be shorter than ${describeLength(ban.length)}`);
    }
  }
  const claimed = await db
    .updateTable('ban_appeals')
    .set({
      state: decision.outcome,
      open_ban_id: null,
      decided_at: now,
      decided_by_id: actor.id,
      decided_by_name: actor.name,
      decision_reason: decision.reason,
      last_activity_at: now,
    })
    .where('id', '=', appeal.id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) await assertStillOpen(db, appeal);

  let change = '';
  // The same change as words for the notifications, drawn in each reader's language (issue 27).
  let changeWords: NotificationWords | null = null;
  if (decision.outcome === 'accepted') {
    if (ban && inForce) {
      const changed = await changeBan(db, ban, appeal, decision, actor);
      if (!changed) {
        await db
          .updateTable('ban_appeals')
          .set({
            state: 'open',
            open_ban_id: appeal.ban_id,
            decided_at: null,
            decided_by_id: null,
            decided_by_name: null,
            decision_reason: null,
          })
          .where('id', '=', appeal.id)
          .execute();
        throw new HttpError(409, 'BAN_NOT_ACTIVE', 'The ban changed meanwhile (lifted or expired); try again');
      }
      change =
        decision.action === 'lift' ? ' (ban lifted)' : ` (ban shortened to ${describeLength(decision.length ?? null)})`;
      changeWords =
        decision.action === 'lift'
          ? { key: 'notifications.appeal.change.lifted' }
          : {
              key: 'notifications.appeal.change.shortened',
              params: { length: lengthWords(decision.length ?? 0) },
            };
    } else {
      change = ' (the ban was no longer in force)';
      changeWords = { key: 'notifications.appeal.change.gone' };
    }
  }
  await audit(
    db,
    actor,
    appeal,
    `${decision.outcome === 'accepted' ? 'accepted' : 'denied'} appeal #${appeal.id} of ban #${appeal.ban_id}${change} (reason "${decision.reason}")`,
  );
  const link = appealPath(appeal.id);
  await notify(db, appeal, actor.id, {
    player: {
      level: decision.outcome === 'accepted' ? 2 : 3,
      words:
        decision.outcome === 'accepted'
          ? {
              key: 'notifications.appeal.yours.accepted',
              params: { ban: appeal.ban_id, change: changeWords, reason: decision.reason },
            }
          : { key: 'notifications.appeal.yours.denied', params: { ban: appeal.ban_id, reason: decision.reason } },
      link,
    },
    staff: {
      level: 1,
      words:
        decision.outcome === 'accepted'
          ? {
              key: 'notifications.appeal.accepted',
              params: { actor: actorWords(actor.name, 'staff'), appeal: appeal.id, change: changeWords },
            }
          : {
              key: 'notifications.appeal.denied',
              params: { actor: actorWords(actor.name, 'staff'), appeal: appeal.id },
            },
      link,
    },
  });
  raiseCommunityEvent(db, {
    kind: 'appeal.decided',
    key: `appeal.decided:${appeal.id}:${decision.outcome}`,
    title: `Appeal ${decision.outcome}: ${who(appeal)}`,
    text: decision.reason,
    fields: [
      { name: 'Ban', value: `#${appeal.ban_id}${ban ? ` (${ban.type})` : ''}` },
      { name: 'Outcome', value: `${decision.outcome}${change}` },
      { name: 'Decided by', value: actor.name ?? 'Staff' },
    ],
    path: link,
    at: now,
  });
  eventBus(db).emit('staff-item.changed', { kind: 'appeal', id: appeal.id });
}

async function changeBan(
  db: Db,
  ban: BanRow,
  appeal: AppealRow,
  decision: Extract<AppealDecision, { outcome: 'accepted' }>,
  actor: Actor,
): Promise<boolean> {
  const reason = `Appeal #${appeal.id} accepted: ${decision.reason}`;
  if (decision.action === 'lift')
    return unban(db, ban, reason, actor, undefined, { id: appeal.id, reason: decision.reason });
  // editBan refuses nothing itself: the ban was checked in force just before.
  const fresh = await findBan(db, ban.id);
  if (!fresh || banStatus(fresh, nowSeconds()) !== 'active') return false;
  await editBan(db, fresh, { length: decision.length ?? null }, actor);
  return true;
}
