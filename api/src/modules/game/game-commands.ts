import {
  type GameCommand,
  type GameCommandKind,
  type GameCommandPayload,
  parseSteamId,
  steamIdForms,
} from '@outpost/contracts';
import { type Kysely, sql } from 'kysely';
import { fromJsonColumn, toJsonColumn } from '../../db/json-column';
import { listenReconnecting } from '../../db/pg-listener';
import { isSqlite } from '../../db/schema-helpers';
import { nowSeconds } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { forgetAllTokens, forgetServerToken, TOKEN_ROTATED_PREFIX } from './game-token-cache';
import type { GameTables } from './tables';

// The plugin command channel (issue 25 item 2). Commands are rows of game_commands, per
// server. A plugin holds GET /api/game/commands (a long-poll): it answers at once with what is
// pending, else waits until a command is queued for that server (woken in process, and on
// PostgreSQL by NOTIFY from any instance) or the wait ends. A command handed out and not
// acknowledged within the redelivery timeout is handed out again, with the same id, until the
// plugin acknowledges it: the plugin runs each id at most once. Commands older than
// COMMAND_TTL_SECONDS are no longer handed out (the connect check covers a returning player).

/** A command not acknowledged this long after it was queued is dropped (seconds). */
export const COMMAND_TTL_SECONDS = 600;
/** Acknowledged and dropped rows are deleted this long after they were queued (seconds). */
const KEEP_SECONDS = 86_400;
/** At most this many commands in one answer. */
const BATCH = 100;

/** The PostgreSQL channel that says "server X has new commands" to every API instance. */
export const COMMANDS_CHANNEL = 'outpost_game_commands';
/** The application_name of each instance's LISTEN connection for the channel. */
export const COMMANDS_LISTEN_APPLICATION_NAME = 'outpost-listen-game-commands';

/** What the hub wakes: a long-poll's callback, or a command socket (its wake method). */
export type Waiter = (() => void) | { wake(): void };

/** The long-polls and command sockets waiting on this instance, per server. */
class CommandHub {
  // A server's one waiter as itself, a Set only for two or more: almost every server holds one
  // channel, and a Set per server cost each idle command socket ~250 bytes (issue 30).
  private readonly waiting = new Map<string, Waiter | Set<Waiter>>();
  private readonly tokenWatchers = new Set<(serverId: string | null) => void>();

  private add(serverId: string, waiter: Waiter): void {
    const held = this.waiting.get(serverId);
    if (held === undefined) this.waiting.set(serverId, waiter);
    else if (held instanceof Set) held.add(waiter);
    else if (held !== waiter) this.waiting.set(serverId, new Set([held, waiter]));
  }

  /** Stops waking `waiter` for this server (a socket closed, a long-poll answered). */
  remove(serverId: string, waiter: Waiter): void {
    const held = this.waiting.get(serverId);
    if (held === waiter) this.waiting.delete(serverId);
    else if (held instanceof Set) {
      held.delete(waiter);
      if (held.size === 1) this.waiting.set(serverId, held.values().next().value as Waiter);
    }
  }

  /** Resolves when the server is woken, after `ms`, or when `signal` aborts. */
  wait(serverId: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.remove(serverId, done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal.addEventListener('abort', done);
      this.add(serverId, done);
    });
  }

  /**
   * Calls `socket.wake()` each time the server is woken, until remove(serverId, socket): the
   * command socket's (game-command-socket.ts) standing wait, with no closure, timer or promise
   * per idle socket.
   */
  listen(serverId: string, socket: { wake(): void }): void {
    this.add(serverId, socket);
  }

  /** Wakes the long-polls and sockets of these servers (null: every one). */
  wake(serverIds: readonly string[] | null): void {
    const ids = serverIds ?? [...this.waiting.keys()];
    for (const id of ids) {
      const held = this.waiting.get(id);
      if (held === undefined) continue;
      for (const waiter of held instanceof Set ? [...held] : [held]) {
        if (typeof waiter === 'function') waiter();
        else waiter.wake();
      }
    }
  }

  /** How many long-polls and command sockets this instance holds. */
  size(): number {
    let count = 0;
    for (const held of this.waiting.values()) count += held instanceof Set ? held.size : 1;
    return count;
  }

  /**
   * Calls `watcher` with a server id when that server's token changed (rotated here or on
   * another instance), with null when any may have (a change may have gone unheard), until the
   * answered function is called: the command socket closes the sockets of the old token at once.
   */
  watchTokens(watcher: (serverId: string | null) => void): () => void {
    this.tokenWatchers.add(watcher);
    return () => this.tokenWatchers.delete(watcher);
  }

  tokenChanged(serverId: string | null): void {
    for (const watcher of [...this.tokenWatchers]) watcher(serverId);
  }
}

const hubs = new WeakMap<object, CommandHub>();

/** The hub of the app owning this database handle (two test apps never share one). */
export function commandHub(db: object): CommandHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new CommandHub();
    hubs.set(db, hub);
  }
  return hub;
}

/**
 * A server's plugin token changed (rotated on this instance, or on another: heard on the
 * channel): the token kept for it is forgotten and its command sockets re-check theirs at once.
 */
export function tokenRotated(db: object, serverId: string): void {
  forgetServerToken(db, serverId);
  commandHub(db).tokenChanged(serverId);
}

export interface NewCommand {
  kind: GameCommandKind;
  steamid: string;
  payload: GameCommandPayload;
}

/** Queues commands for a server and wakes its long-poll, wherever it is held. Answers the ids. */
export async function enqueueCommands(
  db: Kysely<GameTables>,
  serverId: string,
  commands: readonly NewCommand[],
): Promise<number[]> {
  if (commands.length === 0) return [];
  const now = nowSeconds();
  const ids: number[] = [];
  for (const command of commands) {
    const row = await db
      .insertInto('game_commands')
      .values({
        server_id: serverId,
        kind: command.kind,
        steamid: command.steamid,
        payload: toJsonColumn(command.payload),
        created_at: now,
        delivered_at: null,
        attempts: 0,
        acked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  await db
    .deleteFrom('game_commands')
    .where('server_id', '=', serverId)
    .where('created_at', '<', now - KEEP_SECONDS)
    .execute();
  commandHub(db).wake([serverId]);
  if (!isSqlite(db)) await sql`select pg_notify(${COMMANDS_CHANNEL}, ${serverId})`.execute(db);
  return ids;
}

type CommandRow = {
  id: number;
  kind: GameCommandKind;
  steamid: string;
  payload: string;
  created_at: number;
  attempts: number;
};

function toCommand(row: CommandRow): GameCommand {
  const payload = fromJsonColumn<GameCommandPayload>(row.payload, {
    message: '',
    banId: null,
    reason: null,
    expiresAt: null,
  });
  return {
    id: Number(row.id),
    kind: row.kind,
    steamid: row.steamid,
    steam2: parseSteamId(row.steamid) ? steamIdForms(row.steamid).steam2 : row.steamid,
    message: payload.message,
    banId: payload.banId,
    reason: payload.reason,
    expiresAt: payload.expiresAt,
    activeWarnings: payload.activeWarnings ?? null,
    warningId: payload.warningId ?? null,
    createdAt: Number(row.created_at),
    attempt: Number(row.attempts),
  };
}

/**
 * Hands out the server's due commands: never delivered, or delivered `redeliverSeconds` ago
 * or more and still not acknowledged. The update claims them, so two long-polls of one server
 * (on two instances) never get the same command in the same round.
 */
export async function claimCommands(
  db: Kysely<GameTables>,
  serverId: string,
  redeliverSeconds: number,
): Promise<GameCommand[]> {
  const now = nowSeconds();
  const due = (qb: Kysely<GameTables>) =>
    qb
      .selectFrom('game_commands')
      .select('id')
      .where('server_id', '=', serverId)
      .where('acked_at', 'is', null)
      .where('created_at', '>=', now - COMMAND_TTL_SECONDS)
      .where((eb) => eb.or([eb('delivered_at', 'is', null), eb('delivered_at', '<=', now - redeliverSeconds)]))
      .orderBy('id')
      .limit(BATCH);
  const candidates = await due(db).execute();
  if (candidates.length === 0) return [];
  const rows = await db
    .updateTable('game_commands')
    .set((eb) => ({ delivered_at: now, attempts: eb('attempts', '+', 1) }))
    .where(
      'id',
      'in',
      candidates.map((row) => row.id),
    )
    .where('acked_at', 'is', null)
    // Re-checked under the row lock: another long-poll that claimed it meanwhile wins.
    .where((eb) => eb.or([eb('delivered_at', 'is', null), eb('delivered_at', '<=', now - redeliverSeconds)]))
    .returning(['id', 'kind', 'steamid', 'payload', 'created_at', 'attempts'])
    .execute();
  return rows.map(toCommand).sort((a, b) => a.id - b.id);
}

/** Seconds until the server's earliest delivered, unacknowledged command is due again (null: none). */
export async function secondsUntilRedelivery(
  db: Kysely<GameTables>,
  serverId: string,
  redeliverSeconds: number,
): Promise<number | null> {
  const now = nowSeconds();
  const row = await db
    .selectFrom('game_commands')
    .select((eb) => eb.fn.min('delivered_at').as('first'))
    .where('server_id', '=', serverId)
    .where('acked_at', 'is', null)
    .where('delivered_at', 'is not', null)
    .where('created_at', '>=', now - COMMAND_TTL_SECONDS)
    .executeTakeFirst();
  if (row?.first == null) return null;
  return Math.max(0, Number(row.first) + redeliverSeconds - now);
}

/**
 * Marks the server's commands done. Every id must be one of this server's commands (an id
 * acknowledged before counts): otherwise nothing is marked and the answer is 404.
 */
export async function acknowledgeCommands(
  db: Kysely<GameTables>,
  serverId: string,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const own = await db
    .selectFrom('game_commands')
    .select('id')
    .where('server_id', '=', serverId)
    .where('id', 'in', unique)
    .execute();
  const known = new Set(own.map((row) => Number(row.id)));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new HttpError(
      404,
      'UNKNOWN_COMMAND',
      `Not commands of this server: ${unknown.slice(0, 20).join(', ')}${unknown.length > 20 ? '…' : ''} (nothing was acknowledged)`,
    );
  }
  await db
    .updateTable('game_commands')
    .set({ acked_at: nowSeconds() })
    .where('server_id', '=', serverId)
    .where('id', 'in', unique)
    .where('acked_at', 'is', null)
    .execute();
  return unique.sort((a, b) => a - b);
}

/**
 * On PostgreSQL: one LISTEN connection per instance for the command channel, reconnecting
 * after a drop; after a (re)connect every long-poll is woken, so a command queued meanwhile
 * is still handed out (the long-poll reads the table; the notification only says "look"), and
 * every token this instance kept is forgotten and every command socket's token re-checked (a
 * rotation may have gone unheard).
 */
export function listenForCommands(
  db: object,
  databaseUrl: string,
  log: { warn(message: string): void },
): () => Promise<void> {
  const hub = commandHub(db);
  return listenReconnecting({
    databaseUrl,
    applicationName: COMMANDS_LISTEN_APPLICATION_NAME,
    channel: COMMANDS_CHANNEL,
    name: 'Game command listener',
    log,
    // The channel also says "this server's token was rotated" (game-token-cache.ts).
    onPayload: (payload) =>
      payload.startsWith(TOKEN_ROTATED_PREFIX)
        ? tokenRotated(db, payload.slice(TOKEN_ROTATED_PREFIX.length))
        : hub.wake([payload]),
    onConnected: () => {
      forgetAllTokens(db);
      hub.tokenChanged(null);
      hub.wake(null);
    },
  });
}
