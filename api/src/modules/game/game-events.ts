import { adminChatMessage, type GameEvent, parseSteamId } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { auditService } from '../audit';
import { playersBansNotesService } from '../players-bans-notes';
import type { GameTables } from './tables';

// A batch of plugin events, stored in one transaction. Each event id is claimed in
// game_events (unique per server) first: a retried batch finds its ids taken and skips
// them, so nothing is lost (the transaction is all or nothing) and nothing doubles.

type ParsedEvent = GameEvent & { team?: boolean };

/** Plugins retry within minutes; ids older than this can no longer come back. */
export const EVENT_ID_RETENTION_SECONDS = 7 * 86400;
let lastPrune = 0;

/** Forgets claimed event ids past the retention (at most hourly per process). */
export async function pruneOldEventIds(db: Kysely<GameTables>, now = nowSeconds()): Promise<number> {
  lastPrune = now;
  const result = await db
    .deleteFrom('game_events')
    .where('received_at', '<', now - EVENT_ID_RETENTION_SECONDS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function storeEvents(db: Kysely<GameTables>, serverId: string, events: ParsedEvent[]) {
  const receivedAt = nowSeconds();
  let accepted = 0;
  await db.transaction().execute(async (trx) => {
    // Claim ids in one fixed (sorted) order, so two overlapping batches in flight wait for
    // each other instead of deadlocking; then apply in the order the plugin sent them.
    const claimed = new Set<string>();
    for (const id of [...new Set(events.map((event) => event.id))].sort()) {
      const row = await trx
        .insertInto('game_events')
        .values({ server_id: serverId, event_id: id, received_at: receivedAt })
        .onConflict((oc) => oc.columns(['server_id', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (row) claimed.add(id);
    }
    for (const event of events) {
      if (!claimed.delete(event.id)) continue;
      accepted += 1;
      await applyEvent(trx, serverId, event, Math.min(event.timestamp, receivedAt + 60));
    }
  });
  if (receivedAt - lastPrune >= 3600) await pruneOldEventIds(db, receivedAt);
  return { accepted, duplicates: events.length - accepted };
}

async function applyEvent(db: Kysely<GameTables>, serverId: string, event: ParsedEvent, at: number) {
  const steamid = event.steamid ? (parseSteamId(event.steamid) as string) : null;
  const who = { client: steamid, clientName: event.name ?? null, serverId, timestamp: at };
  switch (event.type) {
    case 'connect':
      await playersBansNotesService.recordConnect(db, {
        steamid: steamid as string,
        name: event.name,
        ip: event.ip,
        serverId,
        at,
      });
      await auditService.writeAudit(db, { ...who, message: 'connected' });
      return;
    case 'disconnect':
      await playersBansNotesService.recordDisconnect(db, {
        steamid: steamid as string,
        name: event.name,
        serverId,
        at,
      });
      await auditService.writeAudit(db, {
        ...who,
        message: event.reason ? `disconnected (reason "${event.reason}")` : 'disconnected',
      });
      return;
    case 'chat':
      await playersBansNotesService.recordSeen(db, steamid as string, event.name, at);
      await auditService.writeAudit(db, {
        ...who,
        type: 'CHAT',
        message: event.team ? `(TEAM) ${event.message}` : event.message,
      });
      return;
    case 'admin_chat':
      await playersBansNotesService.recordSeen(db, steamid as string, event.name, at);
      await auditService.writeAudit(db, { ...who, message: adminChatMessage(event.command, event.message) });
      return;
    case 'action': {
      const target = event.target ? (parseSteamId(event.target.steamid) as string) : null;
      await auditService.writeAudit(db, {
        ...who,
        clientName: event.name ?? (steamid ? null : 'Console'),
        target,
        targetName: event.target?.name ?? null,
        message: event.message,
      });
    }
  }
}
