import type { Ban, BanScope, BanType } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../../db/in-transaction';
import { nowSeconds } from '../../../lib/clock';
import { raiseCommunityEvent } from '../../../lib/community-events';
import { eventBus } from '../../../lib/event-bus';
import { type Actor, accountsService } from '../../accounts';
import { auditService } from '../../audit';
import { playerNames } from '../players';
import type { PlayersBansNotesTables } from '../tables';
import { existingReach, places, scopeColumns, scopeName, scopeOf, scopeReach } from './ban-scope';
import { type BanRow, banStatus, findBan, findBans, searchKey, toBan } from './bans-repository';

// Creating, editing and lifting bans: one path for staff and game servers, each step
// audit-logged. Rows are never deleted; an unban records who and why.

export interface NewBan {
  type: BanType;
  steamid?: string;
  ip?: string;
  playerName?: string | null;
  reason: string;
  /** Seconds; null = permanent. */
  length: number | null;
  serverId?: string | null;
  /** Where it applies (issue 25 item 3); absent = the whole community. */
  scope?: BanScope;
  /**
   * Made by the site's warning ladder (warnings/): its length is the site's setting, not the
   * author's choice, so the author's role limits do not apply (the warning itself was theirs).
   */
  byWarningLadder?: boolean;
  /**
   * Taken from another site's federation feed (issue 29): the site and where to appeal there,
   * with the site's name and the entry's category that the English reason was made of (issue 27:
   * readers see those words in their language).
   */
  origin?: { site: string; appeals: string | null; name?: string | null; category?: string | null };
}

/**
 * A length for the log and the webhooks. Read to the minute: a ban taken from a federation feed
 * ends with its origin's, seconds off a whole day ('for 7 day(s)', not 'for 10080 minute(s)').
 */
export function describeLength(length: number | null): string {
  if (length === null) return 'permanently';
  const minutes = Math.max(1, Math.round(length / 60));
  if (minutes % 1440 === 0) return `for ${minutes / 1440} day(s)`;
  if (minutes % 60 === 0) return `for ${minutes / 60} hour(s)`;
  return `for ${minutes} minute(s)`;
}

export async function createBan(db: Kysely<PlayersBansNotesTables>, input: NewBan, actor: Actor): Promise<BanRow> {
  return (await createBans(db, [input], actor))[0] as BanRow;
}

/**
 * Several bans by one actor, each exactly as createBan makes it (checks, row, audit line,
 * event), written with a few statements in one transaction instead of a transaction each:
 * a federation catch-up applies thousands at once (issue 29). All or none: one refusal
 * refuses the whole batch before anything is written. Answers the rows in the inputs' order.
 */
export async function createBans(
  db: Kysely<PlayersBansNotesTables>,
  inputs: readonly NewBan[],
  actor: Actor,
): Promise<BanRow[]> {
  if (inputs.length === 0) return [];
  const prepared = await prepareBans(db, inputs, actor, nowSeconds());
  // The bans and their audit lines commit together.
  const ids = await inTransaction(db, async (trx) => {
    const made: number[] = [];
    for (let at = 0; at < prepared.length; at += BANS_PER_STATEMENT) {
      const batch = prepared.slice(at, at + BANS_PER_STATEMENT);
      const rows = await trx
        .insertInto('bans')
        .values(batch.map((ban) => ban.values))
        .returning('id')
        .execute();
      // Ids are drawn row by row in the VALUES' order (SQLite's rowid, PostgreSQL's sequence),
      // while RETURNING may list them in any order: ascending, they match the batch.
      made.push(...rows.map((row) => Number(row.id)).sort((a, b) => a - b));
    }
    await auditService.writeAudits(
      trx,
      prepared.map((ban, index) => ban.audit(made[index] as number)),
    );
    return made;
  });
  const rows = await findBans(db, ids);
  for (const row of rows) await raiseBanEvent(db, 'ban.created', row);
  return rows;
}

/** Bans per insert statement: 27 columns each, far under SQLite's 32,766 variables. */
const BANS_PER_STATEMENT = 500;

/** Checks every input (scope, role limits) and builds its row and audit line; writes nothing. */
async function prepareBans(db: Kysely<PlayersBansNotesTables>, inputs: readonly NewBan[], actor: Actor, now: number) {
  // The scope must name a group or server that exists (400), and lie within the giver's (403).
  const where = await places(db);
  for (const input of inputs) {
    const scope = scopeReach(input.scope ?? { kind: 'community' }, where);
    // Limits per role (issue 25 item 4): every path that bans comes through here.
    if (!input.byWarningLadder)
      await accountsService.assertWithinRoleLimits(db, actor, {
        kind: 'give',
        type: input.type,
        length: input.length,
        scope,
      });
  }
  const unnamed = [
    ...new Set(
      inputs.filter((input) => input.playerName == null && input.steamid).map((input) => input.steamid as string),
    ),
  ];
  const known = new Map<string, string>();
  for (let at = 0; at < unnamed.length; at += BANS_PER_STATEMENT) {
    for (const [steamid, name] of await playerNames(db, unnamed.slice(at, at + BANS_PER_STATEMENT))) {
      known.set(steamid, name);
    }
  }
  return inputs.map((input) => {
    const playerName = input.playerName ?? (input.steamid ? (known.get(input.steamid) ?? null) : null);
    const scoped = input.scope && input.scope.kind !== 'community' ? ` on ${scopeName(input.scope, where)} only` : '';
    return {
      values: {
        type: input.type,
        steamid: input.steamid ?? null,
        ip: input.ip ?? null,
        player_name: playerName,
        player_name_search: playerName ? searchKey(playerName) : null,
        reason: input.reason,
        created_at: now,
        length: input.length,
        expires_at: input.length === null ? null : now + input.length,
        admin_id: actor.id,
        admin_name: actor.name ?? 'Console',
        admin_real_id: actor.realId ?? null,
        admin_real_name: actor.realName ?? null,
        server_id: input.serverId ?? null,
        origin_site: input.origin?.site ?? null,
        origin_appeals: input.origin?.appeals ?? null,
        origin_name: input.origin?.name ?? null,
        origin_category: input.origin?.category ?? null,
        unbanned_at: null,
        unbanned_by_id: null,
        unbanned_by_name: null,
        unban_reason: null,
        updated_at: now,
        ...scopeColumns(input.scope),
      },
      audit: (id: number) => ({
        ...auditService.auditActor(actor),
        target: input.steamid ?? null,
        targetName: playerName,
        serverId: input.serverId ?? null,
        message: `${input.type === 'ban' ? 'banned' : `added a ${input.type} to`} ${playerName ?? input.steamid ?? 'an IP'} ${describeLength(input.length)}${scoped} (reason "${input.reason}")${actor.via ? ` via ${actor.via}` : ''} [ban #${id}]`,
      }),
    };
  });
}

const TYPE_TITLES: Record<BanType, string> = { ban: 'Ban', mute: 'Mute', gag: 'Gag', silence: 'Silence' };

/**
 * Tells the community (issue 15: Discord webhooks) about a ban made or lifted, once it is
 * stored. Inside a transaction nothing is said: the caller says it after the commit. The IP
 * never leaves: only the player's name and Steam id.
 */
/**
 * Says a ban was created or lifted (community event, after commit). Inside a transaction it
 * says nothing: the caller raises it once its transaction committed (a report resolved as a ban).
 */
export async function raiseBanEvent(
  db: Kysely<PlayersBansNotesTables>,
  kind: 'ban.created' | 'ban.lifted',
  row: BanRow,
): Promise<void> {
  if (db.isTransaction) return;
  const who = row.player_name ?? row.steamid ?? 'a player (IP ban)';
  const where = await places(db);
  const scope = scopeOf(row);
  const fields = [
    ...(row.steamid ? [{ name: 'Steam ID', value: row.steamid }] : []),
    ...(kind === 'ban.created'
      ? [
          {
            name: 'Length',
            value: describeLength(row.length === null ? null : Number(row.length)).replace(/^for /, ''),
          },
          { name: 'Admin', value: row.admin_name ?? 'Console' },
        ]
      : [{ name: 'Lifted by', value: row.unbanned_by_name ?? 'Console' }]),
    { name: 'Applies to', value: scopeName(scope, where) },
    ...(row.server_id ? [{ name: 'Server', value: where.servers.get(row.server_id)?.name ?? row.server_id }] : []),
  ];
  raiseCommunityEvent(db, {
    kind,
    key: `${kind}:${row.id}`,
    title: `${kind === 'ban.created' ? TYPE_TITLES[row.type] : `${TYPE_TITLES[row.type]} lifted`}: ${who}`,
    text: kind === 'ban.created' ? `Reason: ${row.reason}` : `Reason: ${row.unban_reason ?? ''}`,
    fields,
    path: row.steamid ? `/bans?q=${encodeURIComponent(row.steamid)}` : '/bans',
    at: kind === 'ban.created' ? Number(row.created_at) : Number(row.unbanned_at ?? nowSeconds()),
  });
  // Servers where the player is connected act on it now (the game module's enforcement).
  eventBus(db).emit('restriction.changed', restrictionChanged(row, kind === 'ban.created' ? 'created' : 'lifted'));
}

function restrictionChanged(row: BanRow, action: 'created' | 'lifted') {
  return {
    action,
    banId: Number(row.id),
    type: row.type,
    steamid: row.steamid,
    reason: row.reason,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    scope: { kind: row.scope_kind, id: row.scope_id },
  };
}

/**
 * Says these bans were created or lifted to the servers where their players are connected
 * (restriction.changed, the game module's enforcement), after the caller's transaction has
 * committed: a federation catch-up writes a page of bans in one transaction (createBans),
 * where raiseBanEvent stays silent. Only enforcement hears it: a feed's thousands of bans
 * are not posted one by one to the community's webhooks.
 */
export async function announceRestrictions(
  db: Kysely<PlayersBansNotesTables>,
  changes: readonly { banId: number; action: 'created' | 'lifted' }[],
): Promise<void> {
  if (db.isTransaction || changes.length === 0) return;
  const rows = new Map(
    (
      await findBans(
        db,
        changes.map((change) => change.banId),
      )
    ).map((row) => [Number(row.id), row]),
  );
  for (const { banId, action } of changes) {
    const row = rows.get(banId);
    if (row) eventBus(db).emit('restriction.changed', restrictionChanged(row, action));
  }
}

export async function editBan(
  db: Kysely<PlayersBansNotesTables>,
  row: BanRow,
  changes: { reason?: string; length?: number | null },
  actor: Actor,
): Promise<BanRow> {
  const now = nowSeconds();
  const length = changes.length === undefined ? row.length : changes.length;
  // Only lengthening is held to the editor's limits: shortening never widens a ban.
  const previous = row.length === null ? null : Number(row.length);
  await accountsService.assertWithinRoleLimits(db, actor, {
    kind: 'give',
    type: row.type,
    length,
    previous,
    scope: existingReach(row, await places(db)),
  });
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('bans')
      .set({
        reason: changes.reason ?? row.reason,
        length,
        expires_at: length === null ? null : row.created_at + length,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    const parts = [
      changes.reason !== undefined && changes.reason !== row.reason
        ? `reason "${row.reason}" -> "${changes.reason}"`
        : null,
      changes.length !== undefined && changes.length !== row.length
        ? `length ${describeLength(row.length)} -> ${describeLength(changes.length)}`
        : null,
    ].filter(Boolean);
    await auditService.writeAudit(trx, {
      ...auditService.auditActor(actor),
      target: row.steamid,
      targetName: row.player_name,
      message: `edited ban #${row.id}: ${parts.join(', ') || 'no change'}`,
    });
  });
  return (await findBan(db, row.id)) as BanRow;
}

/**
 * Lifts an active ban; false when it was not active (already lifted or expired). 403
 * LIFT_OTHERS_NOT_ALLOWED when it is another admin's and the lifter's roles do not allow that.
 */
export async function unban(
  db: Kysely<PlayersBansNotesTables>,
  row: BanRow,
  reason: string,
  actor: Actor,
  /** A federated ban lifted through its feed: why, as data (issue 27: readers see it in their language). */
  originLift?: { by: 'origin' | 'exception'; reason: string | null },
  /** Lifted by accepting an appeal: its id and staff's reason, as data (issue 27). */
  appeal?: { id: number; reason: string },
): Promise<boolean> {
  const now = nowSeconds();
  if (banStatus(row, now) !== 'active') return false;
  await accountsService.assertWithinRoleLimits(db, actor, {
    kind: 'lift',
    own: row.admin_id === actor.id,
    scope: existingReach(row, await places(db)),
  });
  const lifted = await inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('bans')
      .set({
        unbanned_at: now,
        unbanned_by_id: actor.id,
        unbanned_by_name: actor.name ?? 'Console',
        unbanned_by_real_id: actor.realId ?? null,
        unbanned_by_real_name: actor.realName ?? null,
        unban_reason: reason,
        ...(originLift ? { origin_lift: originLift.by, origin_lift_reason: originLift.reason } : {}),
        ...(appeal ? { unban_appeal_id: appeal.id, unban_appeal_reason: appeal.reason } : {}),
        updated_at: now,
      })
      .where('id', '=', row.id)
      .where('unbanned_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await auditService.writeAudit(trx, {
      ...auditService.auditActor(actor),
      target: row.steamid,
      targetName: row.player_name,
      message: `unbanned ${row.player_name ?? row.steamid ?? 'an IP'} (ban #${row.id}, reason "${reason}")${actor.via ? ` via ${actor.via}` : ''}`,
    });
    return true;
  });
  if (!lifted) return false;
  const liftedRow = await findBan(db, row.id);
  if (liftedRow) await raiseBanEvent(db, 'ban.lifted', liftedRow);
  return true;
}

/** A ban as the API answers it, with its server's name. */
export async function banView(db: Kysely<PlayersBansNotesTables>, row: BanRow, showIp: boolean): Promise<Ban> {
  return toBan(row, nowSeconds(), showIp, await places(db));
}
