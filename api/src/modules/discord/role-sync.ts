import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { accountsService } from '../accounts';
import { authService } from '../auth';
import { readBotSettings } from './bot-settings';
import type { Sweep } from './bot-worker';
import { callDiscordBot } from './discord-rest';
import type { DiscordTables } from './tables';

// Discord role sync (issue 26 item 5): holders of an Outpost role that names a Discord role
// hold that role in the guild while they have linked Discord; they lose it when the Outpost
// role is taken away, the link removed, or the role's Discord role changed. What each should
// hold is recomputed on every change (member-roles.changed); the queue (discord_role_sync)
// sends PUT or DELETE /guilds/{guild}/members/{user}/roles/{role} until Discord was told.

type Db = Kysely<DiscordTables>;
const SYNC = 'discord_role_sync';
const MAX_BACKOFF_MS = 60 * 60_000;

export async function roleLinks(db: Db): Promise<{ roleId: string; discordRoleId: string }[]> {
  const rows = await db.selectFrom('discord_role_links').selectAll().orderBy('role_id').execute();
  return rows.map((row) => ({ roleId: row.role_id, discordRoleId: row.discord_role_id }));
}

export async function setRoleLink(db: Db, roleId: string, discordRoleId: string | null): Promise<string | null> {
  const before = await db
    .selectFrom('discord_role_links')
    .select('discord_role_id')
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  await db.deleteFrom('discord_role_links').where('role_id', '=', roleId).execute();
  if (discordRoleId)
    await db.insertInto('discord_role_links').values({ role_id: roleId, discord_role_id: discordRoleId }).execute();
  return before?.discord_role_id ?? null;
}

/** Users whose sync rows name this Discord role (they may have to lose it). */
export async function usersSyncedTo(db: Db, discordRoleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom(SYNC)
    .select('user_id')
    .distinct()
    .where('discord_role_id', '=', discordRoleId)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Recomputes what one account should hold in the guild; answers whether anything is to send. */
export async function recomputeMember(db: Db, userId: string, nowMs: number): Promise<boolean> {
  const links = await db.selectFrom('discord_role_links').selectAll().execute();
  const discordId = await authService.discordIdOfUser(db, userId);
  const held = new Set(discordId ? (await accountsService.heldRoles(db, userId)).map((role) => role.id) : []);
  const wanted = new Set(links.filter((link) => held.has(link.role_id)).map((link) => link.discord_role_id));
  const rows = await db.selectFrom(SYNC).selectAll().where('user_id', '=', userId).execute();
  let queued = false;
  for (const row of rows) {
    const desired = row.discord_user_id === discordId && wanted.has(row.discord_role_id) ? 1 : 0;
    if (Number(row.desired) === desired) continue;
    await db
      .updateTable(SYNC)
      .set({ desired, attempts: 0, next_attempt_at: nowMs, last_error: null })
      .where('user_id', '=', userId)
      .where('discord_user_id', '=', row.discord_user_id)
      .where('discord_role_id', '=', row.discord_role_id)
      .execute();
    queued = true;
  }
  for (const discordRoleId of wanted) {
    if (rows.some((row) => row.discord_user_id === discordId && row.discord_role_id === discordRoleId)) continue;
    await db
      .insertInto(SYNC)
      .values({
        user_id: userId,
        discord_user_id: discordId as string,
        discord_role_id: discordRoleId,
        desired: 1,
        applied: -1,
        attempts: 0,
        next_attempt_at: nowMs,
        claimed_by: null,
        claimed_until: null,
        last_error: null,
      })
      .execute();
    queued = true;
  }
  return queued;
}

/**
 * "Resync all": what every account should hold is recomputed, and every change is sent again
 * even where Discord was told before (a role given or taken there by hand, a new guild, a bot
 * fixed after refusals): Outpost's roles are the truth. Answers the accounts and the changes.
 */
export async function resyncAll(db: Db, nowMs: number): Promise<{ members: number; changes: number }> {
  const users = new Set<string>();
  for (const link of await roleLinks(db))
    for (const userId of await accountsService.holderIds(db, link.roleId)) users.add(userId);
  for (const row of await db.selectFrom(SYNC).select('user_id').distinct().execute()) users.add(row.user_id);
  for (const userId of users) await recomputeMember(db, userId, nowMs);
  const resent = await db
    .updateTable(SYNC)
    .set({ applied: -1, attempts: 0, next_attempt_at: nowMs, last_error: null })
    .executeTakeFirst();
  return { members: users.size, changes: Number(resent.numUpdatedRows) };
}

type SyncRow = { user_id: string; discord_user_id: string; discord_role_id: string; desired: number; attempts: number };

/** The role sync queue's sweep for the bot's worker: one change at a time (one guild, one bucket). */
export function roleSyncSweep(db: Db, config: Config): Sweep {
  return async (runner, stopped) => {
    const poll = config.WEBHOOK_POLL_INTERVAL_MS;
    const settings = await readBotSettings(db);
    if (!settings.botToken || !settings.guildId) return poll;
    const now = Date.now();
    const due = await db
      .selectFrom(SYNC)
      .select(['user_id', 'discord_user_id', 'discord_role_id', 'desired', 'attempts'])
      .whereRef('desired', '!=', 'applied')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(20)
      .execute();
    for (const found of due) {
      if (stopped()) break;
      const row: SyncRow = { ...found, desired: Number(found.desired), attempts: Number(found.attempts) };
      const claimed = await db
        .updateTable(SYNC)
        .set({ claimed_by: runner, claimed_until: Date.now() + config.WEBHOOK_TIMEOUT_MS * 2 + 30_000 })
        .where('user_id', '=', row.user_id)
        .where('discord_user_id', '=', row.discord_user_id)
        .where('discord_role_id', '=', row.discord_role_id)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', Date.now())]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      if (await sendChange(db, config, row, runner, settings.botToken, settings.guildId)) break;
    }
    const next = await db
      .selectFrom(SYNC)
      .select((eb) => eb.fn.min('next_attempt_at').as('at'))
      .whereRef('desired', '!=', 'applied')
      .executeTakeFirst();
    return next?.at === null || next?.at === undefined ? poll : Math.min(poll, Number(next.at) - Date.now());
  };
}

/** One PUT or DELETE; answers whether the guild's bucket now rests. */
async function sendChange(db: Db, config: Config, row: SyncRow, runner: string, botToken: string, guildId: string) {
  const outcome = await callDiscordBot({
    apiUrl: config.DISCORD_API_URL,
    botToken,
    method: row.desired === 1 ? 'PUT' : 'DELETE',
    path: `/guilds/${guildId}/members/${row.discord_user_id}/roles/${row.discord_role_id}`,
    reason: 'Outpost role sync',
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });
  const attempts = row.attempts + 1;
  const settle = (set: { applied?: number; attempts: number; next_attempt_at?: number; last_error: string | null }) =>
    db
      .updateTable(SYNC)
      .set({ ...set, last_error: set.last_error?.slice(0, 500) ?? null, claimed_by: null, claimed_until: null })
      .where('user_id', '=', row.user_id)
      .where('discord_user_id', '=', row.discord_user_id)
      .where('discord_role_id', '=', row.discord_role_id)
      .where('claimed_by', '=', runner)
      .execute();
  const restAll = (until: number) =>
    db
      .updateTable(SYNC)
      .set({ next_attempt_at: until })
      .whereRef('desired', '!=', 'applied')
      .where('next_attempt_at', '<', until)
      .execute();
  // Done, or refused for good (the member left the guild, the role is gone or above the bot's).
  if (outcome.kind === 'done' || outcome.kind === 'refused') {
    await settle({ applied: row.desired, attempts: 0, last_error: outcome.kind === 'refused' ? outcome.error : null });
    if (outcome.kind === 'done' && outcome.restMs > 0) await restAll(Date.now() + outcome.restMs);
    return outcome.kind === 'done' && outcome.restMs > 0;
  }
  const at =
    Date.now() + (outcome.afterMs ?? Math.min(config.WEBHOOK_RETRY_BASE_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS));
  await settle({ attempts, next_attempt_at: at, last_error: outcome.error });
  if (outcome.afterMs !== null) await restAll(at);
  return outcome.afterMs !== null;
}
