import type { BanScope, WarningLadderStep } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../../db/in-transaction';
import { nowSeconds } from '../../../lib/clock';
import { eventBus } from '../../../lib/event-bus';
import type { Actor } from '../../accounts';
import { auditService } from '../../audit';
import { metaService } from '../../meta';
import { serversService } from '../../servers';
import { createBan, describeLength } from '../bans';
import { playerNames } from '../players';
import type { PlayersBansNotesTables } from '../tables';
import { activeCountUpTo, findWarning, type WarningRow } from './warnings-repository';

// Writes to warnings, each audit-logged, and the ladder: when a new warning makes the player's
// active count reach a step, the ban is made through the bans service (audit, webhooks,
// notifications, enforcement on the servers), in the warning author's name, its reason naming
// the ladder. A step counts and bans per scope (the whole community, the warning's server group
// or its server): see reachedSteps.

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
  const reached = await reachedSteps(db, settings.ladder, input, id, count, now);
  let banId: number | null = null;
  for (const { step, scope, count: scoped, where } of reached) {
    const on = scope.kind === 'community' ? '' : ` on ${where}`;
    const ban = await createBan(
      db,
      {
        type: 'ban',
        steamid: input.steamid,
        playerName,
        reason: `Warning ladder: ${scoped} active warnings${on} (latest: ${input.reason})`.slice(0, 500),
        length: step.banLength,
        serverId: null,
        scope,
        byWarningLadder: true,
      },
      actor,
    );
    // The warning names the first (widest) ban it made.
    if (banId === null) {
      banId = Number(ban.id);
      await db.updateTable('warnings').set({ escalated_ban_id: banId }).where('id', '=', id).execute();
    }
    await auditService.writeAudit(db, {
      ...auditService.auditActor(actor),
      target: input.steamid,
      targetName: playerName,
      message: `warning ladder: ${scoped} active warnings${on} banned ${playerName ?? input.steamid} ${describeLength(step.banLength)}${scope.kind === 'community' ? '' : ` on ${where} only`} [warning #${id}, ban #${ban.id}]`,
    });
  }
  return { warning: (await findWarning(db, id)) as WarningRow, banId };
}

/** A ladder step the new warning reached, with the ban's scope and the count within it. */
interface ReachedStep {
  step: WarningLadderStep;
  scope: BanScope;
  count: number;
  /** The scope's name for reasons and audit lines. */
  where: string;
}

const SCOPE_ORDER: Record<WarningLadderStep['scope'], number> = { community: 0, group: 1, server: 2 };

/**
 * The steps the new warning reached, widest scope first. Community steps count all the
 * player's active warnings; group steps those given on servers of the warning's server group;
 * server steps those given on the warning's server. A warning without a server (the web)
 * reaches only community steps.
 */
async function reachedSteps(
  db: Kysely<PlayersBansNotesTables>,
  ladder: readonly WarningLadderStep[],
  input: NewWarning,
  id: number,
  communityCount: number,
  now: number,
): Promise<ReachedStep[]> {
  const steps = [...ladder].sort((a, b) => SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope]);
  const reached: ReachedStep[] = [];
  const serverId = input.serverId ?? null;
  const scoped = steps.some((step) => step.scope !== 'community') && serverId !== null;
  const where = scoped ? await serversService.serverDirectory(db) : null;
  const server = serverId !== null ? where?.servers.get(serverId) : undefined;
  const counts = new Map<WarningLadderStep['scope'], number>([['community', communityCount]]);
  for (const step of steps) {
    let scope: BanScope = { kind: 'community' };
    let name = '';
    if (step.scope !== 'community') {
      // A server since deleted has no group nor scope to ban in.
      if (serverId === null || !server || !where) continue;
      if (step.scope === 'server') {
        scope = { kind: 'server', serverId };
        name = server.name;
      } else {
        scope = { kind: 'group', groupId: server.groupId };
        name = where.groups.get(server.groupId) ?? server.groupId;
      }
      if (!counts.has(step.scope)) {
        const serverIds =
          step.scope === 'server'
            ? [serverId]
            : [...where.servers].filter(([, s]) => s.groupId === server.groupId).map(([sid]) => sid);
        counts.set(step.scope, await activeCountUpTo(db, input.steamid, id, now, serverIds));
      }
    }
    const count = counts.get(step.scope) ?? 0;
    if (count === step.warnings) reached.push({ step, scope, count, where: name });
  }
  return reached;
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
