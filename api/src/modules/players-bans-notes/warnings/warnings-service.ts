import type { Kysely } from 'kysely';
import { inTransaction } from '../../../db/in-transaction';
import { nowSeconds } from '../../../lib/clock';
import { eventBus } from '../../../lib/event-bus';
import type { Actor } from '../../accounts';
import { auditService } from '../../audit';
import { metaService } from '../../meta';
import { createBan, describeLength } from '../bans';
import { playerNames } from '../players';
import type { PlayersBansNotesTables } from '../tables';
import { activeCountUpTo, findWarning, type WarningRow } from './warnings-repository';

// Writes to warnings, each audit-logged, and the ladder: when a new warning makes the player's
// active count reach a step, the ban is made through the bans service (audit, webhooks,
// notifications, enforcement on the servers), in the warning author's name, its reason naming
// the ladder.

export interface NewWarning {
  steamid: string;
  reason: string;
  playerName?: string | null;
  /** The server it was given on (in game); null on the web. */
  serverId?: string | null;
}

export async function createWarning(
  db: Kysely<PlayersBansNotesTables>,
  input: NewWarning,
  actor: Actor,
): Promise<{ warning: WarningRow; banId: number | null }> {
  const now = nowSeconds();
  const settings = (await metaService.readSiteSettings(db)).warnings;
  const playerName = input.playerName ?? (await playerNames(db, [input.steamid])).get(input.steamid) ?? null;
  const id = await inTransaction(db, async (trx) => {
    const created = await trx
      .insertInto('warnings')
      .values({
        steamid: input.steamid,
        player_name: playerName,
        reason: input.reason,
        author_id: actor.id,
        author_name: actor.name ?? 'Console',
        author_real_id: actor.realId ?? null,
        author_real_name: actor.realName ?? null,
        server_id: input.serverId ?? null,
        created_at: now,
        expires_at: settings.expiryDays === 0 ? null : now + settings.expiryDays * 86400,
        lifted_at: null,
        lifted_by_id: null,
        lifted_by_name: null,
        lift_reason: null,
        deleted_at: null,
        escalated_ban_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditService.writeAudit(trx, {
      ...auditService.auditActor(actor),
      target: input.steamid,
      targetName: playerName,
      serverId: input.serverId ?? null,
      message: `warned ${playerName ?? input.steamid} (reason "${input.reason}")${actor.via ? ` via ${actor.via}` : ''} [warning #${created.id}]`,
    });
    return Number(created.id);
  });
  // The count of active warnings up to this one: each warning has its own place in the order, so
  // two warnings given at once never both (or neither) reach a step.
  const count = await activeCountUpTo(db, input.steamid, id, now);
  // Servers where the player is connected show it to them now (the game module's enforcement).
  if (!db.isTransaction)
    eventBus(db).emit('warning.created', {
      warningId: id,
      steamid: input.steamid,
      reason: input.reason,
      authorName: actor.name ?? 'Console',
      activeCount: count,
      expiresAt: settings.expiryDays === 0 ? null : now + settings.expiryDays * 86400,
    });
  const step = settings.ladder.find((candidate) => candidate.warnings === count);
  let banId: number | null = null;
  if (step) {
    const ban = await createBan(
      db,
      {
        type: 'ban',
        steamid: input.steamid,
        playerName,
        reason: `Warning ladder: ${count} active warnings (latest: ${input.reason})`.slice(0, 500),
        length: step.banLength,
        serverId: null,
        byWarningLadder: true,
      },
      actor,
    );
    banId = Number(ban.id);
    await db.updateTable('warnings').set({ escalated_ban_id: banId }).where('id', '=', id).execute();
    await auditService.writeAudit(db, {
      ...auditService.auditActor(actor),
      target: input.steamid,
      targetName: playerName,
      message: `warning ladder: ${count} active warnings banned ${playerName ?? input.steamid} ${describeLength(step.banLength)} [warning #${id}, ban #${banId}]`,
    });
  }
  return { warning: (await findWarning(db, id)) as WarningRow, banId };
}

/** Lifts an active warning (it stops counting); false when it was already lifted. */
export async function liftWarning(
  db: Kysely<PlayersBansNotesTables>,
  row: WarningRow,
  reason: string,
  actor: Actor,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('warnings')
      .set({
        lifted_at: nowSeconds(),
        lifted_by_id: actor.id,
        lifted_by_name: actor.name ?? 'Console',
        lift_reason: reason,
      })
      .where('id', '=', row.id)
      .where('lifted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await auditService.writeAudit(trx, {
      ...auditService.auditActor(actor),
      target: row.steamid,
      targetName: row.player_name,
      message: `lifted warning #${row.id} of ${row.player_name ?? row.steamid}${reason ? ` (reason "${reason}")` : ''}`,
    });
    return true;
  });
}

/** Deletes a warning: hidden and no longer counted, the row kept for the record. */
export async function deleteWarning(db: Kysely<PlayersBansNotesTables>, row: WarningRow, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('warnings').set({ deleted_at: nowSeconds() }).where('id', '=', row.id).execute();
    await auditService.writeAudit(trx, {
      ...auditService.auditActor(actor),
      target: row.steamid,
      targetName: row.player_name,
      message: `deleted warning #${row.id} of ${row.player_name ?? row.steamid}`,
    });
  });
}
