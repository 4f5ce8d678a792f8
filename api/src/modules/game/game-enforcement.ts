import type { Kysely } from 'kysely';
import { eventBus } from '../../lib/event-bus';
import type { RestrictionChanged } from '../../lib/events';
import { playersBansNotesService } from '../players-bans-notes';
import { serversService } from '../servers';
import { type Delivered, type DeliveryOptions, deliverToServer } from './game-delivery';
import { enforcementOf } from './game-messages';
import type { GameTables } from './tables';

// Enforcement within seconds (issue 25 item 2): when a ban or comm block is created or lifted,
// by any path, every server where the player is connected acts on it: through the plugin's
// command channel when the server has a token, else over RCON when it has a password, else
// not at all (the next connect check refuses them anyway).

export type EnforcementOptions = DeliveryOptions;
export type Enforced = Delivered;

type Connected = { serverId: string; connectedAt: number }[];

/** The lookups asked for in this synchronous run, by database handle: one batch each. */
const lookups = new WeakMap<object, { steamids: Set<string>; found: Promise<Map<string, Connected>> }>();

/**
 * Where the player is connected now. The changes heard in one synchronous run (a federation
 * page's thousand bans are announced in one loop) are looked up together, one statement per 500
 * players, as soon as the run ends (a microtask later). A catch-up of 100,000 bans ran 100,000
 * lookups on the connection the catch-up itself writes on: SQLite 18.0 s for the feed alone,
 * 10.6 s without them.
 */
function connectedServers(db: Kysely<GameTables>, steamid: string): Promise<Connected> {
  let batch = lookups.get(db);
  if (!batch) {
    const steamids = new Set<string>();
    const found = Promise.resolve().then(() => {
      // Asked for from here on: the next batch.
      lookups.delete(db);
      return playersBansNotesService.serversWherePlayersConnected(db, [...steamids]);
    });
    batch = { steamids, found };
    lookups.set(db, batch);
  }
  batch.steamids.add(steamid);
  return batch.found.then((found) => found.get(steamid) ?? []);
}

/** Acts on one change; answers what each server was asked to do (for tests and logs). */
export async function enforce(
  db: Kysely<GameTables>,
  change: RestrictionChanged,
  options: EnforcementOptions,
): Promise<Enforced[]> {
  if (!change.steamid) return [];
  const steamid = change.steamid;
  const { kind, message } = enforcementOf(change);
  // Only the servers the restriction's scope covers (issue 25 item 3); a lift reaches the same.
  const connected = await connectedServers(db, steamid);
  const scope = change.scope ?? { kind: 'community', id: null };
  const directory = scope.kind === 'group' && connected.length > 0 ? await serversService.serverDirectory(db) : null;
  const servers = connected.filter(({ serverId }) =>
    playersBansNotesService.covers(
      { scope_kind: scope.kind, scope_id: scope.id },
      { serverId, groupId: directory?.servers.get(serverId)?.groupId ?? null },
    ),
  );
  // One delivery path for every command (game-delivery: plugin channel, else RCON, else nothing).
  const done = (
    await Promise.all(
      servers.map(({ serverId }) =>
        deliverToServer(
          db,
          serverId,
          {
            kind,
            steamid,
            payload: { message, banId: change.banId, reason: change.reason, expiresAt: change.expiresAt },
          },
          options,
        ),
      ),
    )
  ).filter((delivered): delivered is Enforced => delivered !== null);
  if (done.length > 0) {
    options.log.info(`Enforced ${kind} #${change.banId} on ${done.map((d) => `${d.serverId} (${d.via})`).join(', ')}`);
  }
  return done;
}

/**
 * What this instance's enforcement of a change is doing, by database handle and change, kept
 * for a minute for a caller that reports it (Discord's /ban answers which servers acted on
 * it): the raiser's call returns before the listener finishes, but the listener starts first.
 */
const running = new WeakMap<object, Map<string, Promise<Enforced[]>>>();
const OUTCOME_KEPT_MS = 60_000;
const outcomeKey = (action: RestrictionChanged['action'], banId: number) => `${action}:${banId}`;

/** The servers that acted on this change, once done; [] when this instance heard no such change. */
export function enforcementOutcome(
  db: Kysely<GameTables>,
  action: RestrictionChanged['action'],
  banId: number,
): Promise<Enforced[]> {
  return running.get(db)?.get(outcomeKey(action, banId)) ?? Promise.resolve([]);
}

/** Listens for restriction changes on the app's bus; answers the unsubscribe. */
export function startEnforcement(db: Kysely<GameTables>, options: EnforcementOptions): () => void {
  return eventBus(db).on('restriction.changed', 'game/enforcement', async (change) => {
    const outcome = enforce(db, change, options);
    const byChange = running.get(db) ?? new Map<string, Promise<Enforced[]>>();
    running.set(db, byChange);
    const key = outcomeKey(change.action, change.banId);
    // A failure is the bus's to log; a reader of the outcome hears "no server".
    byChange.set(
      key,
      outcome.catch(() => []),
    );
    setTimeout(() => byChange.delete(key), OUTCOME_KEPT_MS).unref();
    await outcome;
  });
}
