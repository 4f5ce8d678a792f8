import type { IncomingMessage, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { gameCommandsAckSchema } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { acknowledgeCommands, claimCommands, commandHub, secondsUntilRedelivery } from './game-commands';
import { gameServerCheck } from './game-tokens';
import type { GameTables } from './tables';

// The plugin command channel as a WebSocket (GET /api/game/commands/socket, an Upgrade), beside
// the long-poll (game-command-routes.ts), which stays for plugins that cannot do WebSocket. Why
// a second transport: an idle held HTTP request costs Node ~10 KB (bare http holding 10,000
// requests: +98 MB RSS), over DESIGN's 64 MB for 10,000 idle channels whatever the route does;
// an idle `ws` socket costs about a quarter (CommandSocket below). The socket is `ws` on the HTTP server's 'upgrade' event,
// not @fastify/websocket, which would keep a Fastify request (and its hooks' state) per socket.
//
// Frames: the server sends {"commands":[...]} (the long-poll's 200 body) at connect if any are
// pending and whenever the hub wakes the server; a command not acknowledged within
// GAME_COMMAND_REDELIVER_SECONDS comes again with the same id. The plugin sends {"ack":[ids]}
// and gets {"acknowledged":[...]} or {"error":"UNKNOWN_COMMAND",...} (nothing acknowledged).
// Anything else gets {"error":"BAD_MESSAGE",...}; a binary frame closes with 1003, a frame over
// MAX_FRAME_BYTES with 1009. Frames past FRAME_BURST, then FRAMES_PER_SECOND, are answered
// {"error":"RATE_LIMITED",...} unread, and a plugin that keeps on is closed with 1008. Every
// GAME_COMMAND_PING_SECONDS the server pings (a socket that did not answer the previous ping is
// dropped) and re-checks each socket's token with the check every /api/game route runs: a
// rotated or revoked token closes its socket with 4001. A rotation does so at once: this
// instance's own, and another's heard on the command channel (game-commands.ts tokenRotated);
// the ping's re-check is for a change this instance missed.

/** The largest frame a plugin may send: an ack of 500 ids fits in well under it. */
export const MAX_FRAME_BYTES = 16 * 1024;
/** Close code for a socket whose token stopped being valid (rotated or revoked). */
export const CLOSE_TOKEN_INVALID = 4001;
/**
 * Frames a plugin may send in a burst, and per second after it (a token bucket per socket).
 * Every frame is read, parsed and (an ack) written to the database; a plugin acks each batch
 * it gets (at most 100 commands), so the burst lets even a plugin acking every command of a
 * batch by itself through. Past it a frame is answered RATE_LIMITED unread; a plugin that
 * keeps sending, another FRAME_BURST frames refused before it was quiet long enough to fill
 * the bucket again (5 s), is closed with 1008.
 */
export const FRAME_BURST = 100;
export const FRAMES_PER_SECOND = 20;
const MS_PER_FRAME = 1000 / FRAMES_PER_SECOND;

const ackFrameSchema = z.object({ ack: gameCommandsAckSchema.shape.ids }).strict();
const BAD_MESSAGE = JSON.stringify({
  error: 'BAD_MESSAGE',
  message: 'Expected a JSON text frame {"ack":[ids]} (1 to 500 command ids)',
});

interface SocketOptions {
  db: Kysely<GameTables>;
  /** The socket's path, e.g. /api/game/commands/socket. */
  path: string;
  redeliverSeconds: number;
  pingSeconds: number;
  log: { warn(context: object, message: string): void };
}

/** What every socket of one serveCommandSocket shares: one object, referenced by each socket. */
interface Shared {
  options: SocketOptions;
  hub: ReturnType<typeof commandHub>;
  /** The open sockets (for the pings, the token re-checks and the shutdown). */
  sockets: Set<CommandSocket>;
}

/**
 * One plugin's socket: ws's own WebSocket object (made by the WebSocketServer's `WebSocket`
 * option) holding its server, its header (for the token re-checks) and its delivery state.
 * Why a subclass and no listeners (issue 30: 10,000 idle sockets in 64 MB): a socket object of
 * our own beside ws's, the closures of four listeners and the dictionary holding them, a
 * closure for the hub and one to leave it, and a Set per server in the hub took ~1.2 KB of each
 * idle socket's ~4.1 KB of V8 heap (heap snapshots, 2,000 sockets). Here an idle socket is ws's
 * and Node's objects plus these fields, one entry in the hub and one in `sockets`: ~2.4 KB.
 */
class CommandSocket extends WebSocket {
  serverId = '';
  authorization = '';
  /** Answered the last ping (or none was sent yet). */
  alive = true;
  private delivering = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined = undefined;
  private shared: Shared | undefined = undefined;
  /** The frames the plugin may still send now (the bucket; see FRAME_BURST). */
  private frameTokens = FRAME_BURST;
  /** When the bucket was last filled, in whole MS_PER_FRAME periods of performance.now(): a small integer (no boxed double per socket) for years. */
  private refilledAt = 0;
  /** Frames refused since the bucket was last full. */
  private refused = 0;

  /** Serves the upgraded socket: joins the hub and the pings, and hands out what is pending. */
  start(shared: Shared, serverId: string, authorization: string): void {
    // EventEmitter gives every emitter an empty listener dictionary up front: 160 bytes of each
    // idle socket, which never has a listener (its events are handled in emit). Node's
    // EventEmitter takes undefined as "none" and makes a dictionary when a listener is added.
    (this as unknown as { _events: undefined })._events = undefined;
    this.shared = shared;
    this.serverId = serverId;
    this.authorization = authorization;
    shared.sockets.add(this);
    shared.hub.listen(serverId, this);
    void this.deliver();
  }

  /** The hub's call: the server has new commands. */
  wake(): void {
    void this.deliver();
  }

  /**
   * The events ws emits on a server-side socket, handled here instead of by listeners (see
   * the class comment). Listeners added with on/once still hear them (the shutdown's do).
   */
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'message') void this.receive(args[0] as RawData, args[1] as boolean);
    else if (event === 'pong') this.alive = true;
    // A bad frame: ws closes the socket itself (1002, 1009); unheard, emit would throw it.
    else if (event === 'error') return true;
    else if (event === 'close') this.closed();
    return super.emit(event, ...args);
  }

  /** Hands out what is due, as often as the hub woke it meanwhile, and sets the redelivery timer. */
  async deliver(): Promise<void> {
    const shared = this.shared;
    if (!shared) return;
    if (this.delivering) {
      this.again = true;
      return;
    }
    this.delivering = true;
    const { db, redeliverSeconds, log } = shared.options;
    try {
      do {
        this.again = false;
        const commands = await claimCommands(db, this.serverId, redeliverSeconds);
        // A socket gone meanwhile: what it claimed comes again after the redelivery time.
        if (this.readyState !== WebSocket.OPEN) return;
        if (commands.length > 0) {
          this.send(JSON.stringify({ commands }));
          // One answer holds at most a batch: look again until nothing is due.
          this.again = true;
          continue;
        }
        const due = await secondsUntilRedelivery(db, this.serverId, redeliverSeconds);
        clearTimeout(this.timer);
        this.timer = due === null ? undefined : setTimeout(() => this.wake(), due * 1000 + 20);
      } while (this.again && this.readyState === WebSocket.OPEN);
    } catch (error) {
      log.warn({ err: error, serverId: this.serverId }, 'Command socket: delivery failed');
      // Not lost: the next wake (or redelivery) reads the table again.
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.wake(), 1000);
    } finally {
      this.delivering = false;
    }
  }

  /** Takes a frame from the bucket; answers how many ms until the next one if it is empty. */
  private takeFrame(): number {
    const now = performance.now();
    // A frame earned at every MS_PER_FRAME boundary since the last fill.
    const period = Math.floor(now / MS_PER_FRAME);
    if (period > this.refilledAt) {
      this.frameTokens = Math.min(FRAME_BURST, this.frameTokens + (period - this.refilledAt));
      this.refilledAt = period;
      if (this.frameTokens === FRAME_BURST) this.refused = 0;
    }
    if (this.frameTokens > 0) {
      this.frameTokens--;
      return 0;
    }
    return Math.max(1, Math.ceil((period + 1) * MS_PER_FRAME - now));
  }

  async receive(data: RawData, isBinary: boolean): Promise<void> {
    const shared = this.shared;
    if (!shared) return;
    const wait = this.takeFrame();
    if (wait > 0) {
      if (++this.refused > FRAME_BURST) this.close(1008, 'too many frames');
      else
        this.answer(
          JSON.stringify({
            error: 'RATE_LIMITED',
            message: `Over ${FRAMES_PER_SECOND} frames a second (bursts of ${FRAME_BURST}): this frame was not read (nothing acknowledged); send it again in ${wait} ms`,
          }),
        );
      return;
    }
    if (isBinary) {
      this.close(1003, 'text frames only');
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      this.answer(BAD_MESSAGE);
      return;
    }
    const frame = ackFrameSchema.safeParse(parsed);
    if (!frame.success) {
      this.answer(BAD_MESSAGE);
      return;
    }
    try {
      const acknowledged = await acknowledgeCommands(shared.options.db, this.serverId, frame.data.ack);
      this.answer(JSON.stringify({ acknowledged }));
    } catch (error) {
      if (error instanceof HttpError) this.answer(JSON.stringify({ error: error.code, message: error.message }));
      else {
        shared.options.log.warn({ err: error, serverId: this.serverId }, 'Command socket: ack failed');
        this.answer(JSON.stringify({ error: 'INTERNAL', message: 'The acknowledgement failed: send it again' }));
      }
    }
  }

  /** Sends `text` if the socket is still open (an answer computed after it closed is dropped). */
  private answer(text: string): void {
    if (this.readyState === WebSocket.OPEN) this.send(text);
  }

  private closed(): void {
    clearTimeout(this.timer);
    const shared = this.shared;
    if (!shared) return;
    shared.sockets.delete(this);
    shared.hub.remove(this.serverId, this);
  }
}

/** The pre-upgrade socket's error listener: a shared function, taken off once upgraded (ws has its own). */
function destroyOnError(this: Duplex): void {
  this.destroy();
}

/** Writes an HTTP error answer `{error, message}` on a socket not upgraded, and ends it. */
function refuse(socket: Duplex, status: number, error: string, message: string): void {
  const body = JSON.stringify({ error, message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Serves the command socket on `server`'s upgrades. Answers the function that closes every
 * socket (1001) and stops serving; call it before the server closes (preClose).
 */
export function serveCommandSocket(server: Server, options: SocketOptions): () => Promise<void> {
  const check = gameServerCheck(options.db);
  // No deflate (its buffers cost memory per socket), no client set (ours is `channels`).
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    clientTracking: false,
    maxPayload: MAX_FRAME_BYTES,
    WebSocket: CommandSocket,
  });
  const channels = new Set<CommandSocket>();
  const shared: Shared = { options, hub: commandHub(options.db), sockets: channels };
  let closing = false;

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', destroyOnError);
    void upgrade(request, socket, head);
  };

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://outpost.invalid');
    if (url.pathname !== options.path) {
      refuse(socket, 404, 'NOT_FOUND', `No WebSocket at ${url.pathname}`);
      return;
    }
    // URLs end up in access logs and proxies' logs: the token travels only in the header.
    if (url.search !== '') {
      refuse(
        socket,
        401,
        'UNAUTHORIZED',
        'The command socket takes no query string: send the token as Authorization: Bearer <token>',
      );
      return;
    }
    const authorization = request.headers.authorization ?? '';
    // A rotation heard while this token is checked must still reach the socket (see below).
    const changesBefore = tokenChanges;
    let serverId: string;
    try {
      serverId = await check(authorization);
    } catch (error) {
      if (error instanceof HttpError) refuse(socket, error.statusCode, error.code, error.message);
      else {
        options.log.warn({ err: error }, 'Command socket: token check failed');
        refuse(socket, 503, 'UNAVAILABLE', 'The token could not be checked: try again');
      }
      return;
    }
    if (closing || socket.destroyed) {
      refuse(socket, 503, 'UNAVAILABLE', 'This instance is shutting down: connect again');
      return;
    }
    // ws answers 400 itself to a request that is not a WebSocket handshake.
    wss.handleUpgrade(request, socket, head, (ws) => {
      socket.off('error', destroyOnError);
      const channel = ws as CommandSocket;
      channel.start(shared, serverId, authorization);
      if (tokenChanges !== changesBefore) void recheck(channel);
    });
  }

  /** Closes the channel with 4001 unless its token still is its server's (the check every /api/game call runs). */
  async function recheck(channel: CommandSocket) {
    try {
      const serverId = await check(channel.authorization);
      if (serverId !== channel.serverId) channel.close(CLOSE_TOKEN_INVALID, 'token no longer valid');
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401)
        channel.close(CLOSE_TOKEN_INVALID, 'token rotated or revoked');
      else options.log.warn({ err: error }, 'Command socket: token re-check failed');
    }
  }

  let checking = false;
  let checkAgain = false;
  /** Every socket's token, checked again (one at a time); asked meanwhile, once more after. */
  async function recheckAll() {
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = true;
    try {
      do {
        checkAgain = false;
        for (const channel of [...channels]) {
          if (closing) return;
          if (channel.readyState === WebSocket.OPEN) await recheck(channel);
        }
      } while (checkAgain);
    } finally {
      checking = false;
    }
  }

  // A rotation (here, or heard from another instance) closes the old token's sockets at once,
  // not at the next ping; the ping's re-check stays for a change this instance never heard of.
  let tokenChanges = 0;
  const stopWatching = shared.hub.watchTokens((serverId) => {
    tokenChanges++;
    if (serverId === null) void recheckAll();
    else for (const channel of channels) if (channel.serverId === serverId) void recheck(channel);
  });

  const keepalive = setInterval(() => {
    for (const channel of channels) {
      if (!channel.alive) {
        channel.terminate();
        continue;
      }
      channel.alive = false;
      channel.ping();
    }
    void recheckAll();
  }, options.pingSeconds * 1000);
  keepalive.unref();

  server.on('upgrade', onUpgrade);
  return async function stop() {
    closing = true;
    clearInterval(keepalive);
    stopWatching();
    server.off('upgrade', onUpgrade);
    const open = [...channels].map((channel) => new Promise<void>((resolve) => channel.once('close', () => resolve())));
    for (const channel of channels) channel.close(1001, 'server shutting down');
    // A plugin that does not answer the close frame is cut after a second.
    const cut = setTimeout(() => {
      for (const channel of channels) channel.terminate();
    }, 1000);
    await Promise.all(open);
    clearTimeout(cut);
  };
}
