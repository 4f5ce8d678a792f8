import { type Kysely, sql } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import type { PlayersBansNotesTables } from '../tables';
import { closeSession } from './player-sessions';
import { nameKey } from './players-repository';

// Recording players as they are seen: by game servers (connect/disconnect events) and by
// sign-in (the auth module calls recordSignIn). Upserts, so replays change nothing twice.

type Db = Kysely<PlayersBansNotesTables>;

async function upsertPlayer(db: Db, steamid: string, name: string, at: number, userId?: string): Promise<void> {
  const shown = name.trim() || steamid;
  await db
    .insertInto('players')
    .values({
      steamid,
      name: shown,
      name_search: nameKey(shown),
      first_seen: at,
      last_seen: at,
      user_id: userId ?? null,
    })
    .onConflict((oc) =>
      oc.column('steamid').doUpdateSet(() => ({
        name: shown,
        name_search: nameKey(shown),
        last_seen: sql<number>`CASE WHEN players.last_seen > ${at} THEN players.last_seen ELSE ${at} END`,
        first_seen: sql<number>`CASE WHEN players.first_seen < ${at} THEN players.first_seen ELSE ${at} END`,
        ...(userId ? { user_id: userId } : {}),
      })),
    )
    .execute();
  await db
    .insertInto('player_names')
    .values({ steamid, name: shown, first_seen: at, last_seen: at })
    .onConflict((oc) => oc.columns(['steamid', 'name']).doUpdateSet({ last_seen: at }))
    .execute();
}

export async function recordConnect(
  db: Db,
  e: { steamid: string; name: string; ip?: string; serverId: string; at: number },
) {
  await upsertPlayer(db, e.steamid, e.name, e.at);
  if (e.ip) {
    await db
      .insertInto('player_ips')
      .values({ steamid: e.steamid, ip: e.ip, first_seen: e.at, last_seen: e.at })
      .onConflict((oc) => oc.columns(['steamid', 'ip']).doUpdateSet({ last_seen: e.at }))
      .execute();
  }
  // A connect without a disconnect before it (the server restarted, events were lost): the open
  // session ends here, at most 12 hours after it began.
  const open = await connectedSince(db, e.steamid, e.serverId);
  if (open != null && open < e.at) {
    const end = Math.min(e.at, open + 12 * 3600);
    await closeOpenSession(db, { steamid: e.steamid, serverId: e.serverId, connectedAt: open, end });
  }
  await db
    .insertInto('player_servers')
    .values({ steamid: e.steamid, server_id: e.serverId, first_seen: e.at, last_seen: e.at, connected_at: e.at })
    .onConflict((oc) => oc.columns(['steamid', 'server_id']).doUpdateSet({ last_seen: e.at, connected_at: e.at }))
    .execute();
}

/** When the player's current connection to the server began (its connect event), or null when not connected there. */
export async function connectedSince(db: Db, steamid: string, serverId: string): Promise<number | null> {
  const link = await db
    .selectFrom('player_servers')
    .select('connected_at')
    .where('steamid', '=', steamid)
    .where('server_id', '=', serverId)
    .executeTakeFirst();
  return link?.connected_at ?? null;
}

/** Adds the time since the matching connect to the player's totals and records the session. */
export async function recordDisconnect(db: Db, e: { steamid: string; name: string; serverId: string; at: number }) {
  await upsertPlayer(db, e.steamid, e.name, e.at);
  const link = await db
    .selectFrom('player_servers')
    .select(['connected_at'])
    .where('steamid', '=', e.steamid)
    .where('server_id', '=', e.serverId)
    .executeTakeFirst();
  if (!link) {
    await db
      .insertInto('player_servers')
      .values({ steamid: e.steamid, server_id: e.serverId, first_seen: e.at, last_seen: e.at, connected_at: null })
      .execute();
    return;
  }
  await closeOpenSession(db, { steamid: e.steamid, serverId: e.serverId, connectedAt: link.connected_at, end: e.at });
}

/**
 * Ends a player's open connection to a server at `end` (a disconnect, a connect without one
 * before it, the server seen offline): its time (at most 7 days) goes to the totals, the
 * session to player_sessions and the leaderboards.
 */
export async function closeOpenSession(
  db: Db,
  s: { steamid: string; serverId: string; connectedAt: number | null; end: number },
) {
  const played = s.connectedAt != null ? Math.max(0, Math.min(s.end - s.connectedAt, 7 * 86400)) : 0;
  await db
    .updateTable('player_servers')
    .set((eb) => ({
      last_seen: sql<number>`CASE WHEN last_seen > ${s.end} THEN last_seen ELSE ${s.end} END`,
      connected_at: null,
      total_time: eb('total_time', '+', played),
    }))
    .where('steamid', '=', s.steamid)
    .where('server_id', '=', s.serverId)
    .execute();
  if (played > 0) {
    await db
      .updateTable('players')
      .set((eb) => ({ total_time: eb('total_time', '+', played) }))
      .where('steamid', '=', s.steamid)
      .execute();
    await closeSession(db, { steamid: s.steamid, serverId: s.serverId, start: s.end - played, end: s.end });
  }
}

/** A chat line or action also proves the player was there. */
export async function recordSeen(db: Db, steamid: string, name: string, at: number) {
  await upsertPlayer(db, steamid, name, at);
}

/** For the auth module: a Steam sign-in makes the account a known player linked to its user. */
export async function recordSignIn(db: Db, user: { id: string; steamid: string; name: string }) {
  await upsertPlayer(db, user.steamid, user.name, nowSeconds(), user.id);
}

/**
 * The status sweep saw these servers offline: every session still open on them ends at `at`
 * (one read of the open connections on those servers, by the player_servers server index).
 */
export async function closeSessionsOnOfflineServers(db: Db, serverIds: string[], at: number) {
  for (let i = 0; i < serverIds.length; i += 500) {
    const chunk = serverIds.slice(i, i + 500);
    const open = await db
      .selectFrom('player_servers')
      .select(['steamid', 'server_id', 'connected_at'])
      .where('server_id', 'in', chunk)
      .where('connected_at', 'is not', null)
      .execute();
    if (open.length === 0) continue;
    await db.transaction().execute(async (trx) => {
      for (const row of open) {
        await closeOpenSession(trx, {
          steamid: row.steamid,
          serverId: row.server_id,
          connectedAt: Number(row.connected_at),
          end: at,
        });
      }
    });
  }
}
