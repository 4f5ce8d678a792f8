import {
  apiErrorSchema,
  gameCommandsAckResponseSchema,
  gameCommandsAckSchema,
  gameCommandsQuerySchema,
  gameCommandsResponseSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import { FRAME_BURST, FRAMES_PER_SECOND, serveCommandSocket } from './game-command-socket';
import { acknowledgeCommands, claimCommands, commandHub, secondsUntilRedelivery } from './game-commands';
import { gameServerOf } from './game-tokens';
import type { GameTables } from './tables';

// /api/game/commands: the plugin's command channel (game-commands.ts): a long-poll and its ack
// route, and the WebSocket at /commands/socket (game-command-socket.ts). Registered inside
// gameRoutes, so its onRequest token check covers these routes too; the socket's upgrade,
// which no route sees, runs the same check (gameServerCheck).

const security = [{ gameServerToken: [] }];

export const gameCommandRoutes: FastifyPluginAsyncZod<OwnDb<GameTables>> = async (app, { db }) => {
  const hub = commandHub(db);
  // Closing the app answers every held long-poll (204) instead of waiting out its wait.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());
  const redeliver = app.config.GAME_COMMAND_REDELIVER_SECONDS;
  const stopSocket = serveCommandSocket(app.server, {
    db,
    path: `${app.prefix}/commands/socket`,
    redeliverSeconds: redeliver,
    pingSeconds: app.config.GAME_COMMAND_PING_SECONDS,
    log: app.log,
  });
  // Every socket is closed (1001) before the server waits for its connections to end.
  app.addHook('preClose', stopSocket);

  // What a plain GET (no Upgrade) of the socket's path gets; also the socket's OpenAPI entry.
  app.get(
    '/commands/socket',
    {
      schema: {
        tags: ['game'],
        security,
        description:
          "The plugin's command channel as a WebSocket (an HTTP Upgrade; the token in `Authorization: Bearer`, never in the query string). " +
          'Text frames, JSON. The server sends `{"commands":[...]}` (the long-poll\'s 200 body) at connect when commands are pending and as soon as one is queued; ' +
          `a command not acknowledged within ${redeliver} s comes again with the same id. The plugin sends \`{"ack":[ids]}\` and gets \`{"acknowledged":[...]}\` or \`{"error":"UNKNOWN_COMMAND",...}\` (nothing acknowledged); ` +
          'anything else gets `{"error":"BAD_MESSAGE",...}`, a binary frame closes with 1003, a frame over 16 KiB with 1009. ' +
          `A socket may send ${FRAME_BURST} frames in a burst, then ${FRAMES_PER_SECOND} a second: a frame past that is answered \`{"error":"RATE_LIMITED",...}\` unread (send it again after the wait it names), and a plugin that keeps sending (another ${FRAME_BURST} refused before the bucket refilled) is closed with 1008. ` +
          `The server pings every ${app.config.GAME_COMMAND_PING_SECONDS} s and drops a socket that did not answer the last ping; rotating the token closes its sockets with 4001 at once (a token found no longer valid at a ping too); shutdown closes with 1001. ` +
          'A refused upgrade is answered 401 `{error, message}`. Without an Upgrade header this path answers 426.',
        response: {
          101: z.null().describe('Switching Protocols: the WebSocket is open'),
          426: apiErrorSchema,
          ...errorResponses(401),
        },
      },
    },
    async () => {
      throw new HttpError(426, 'UPGRADE_REQUIRED', 'This path is a WebSocket: connect with an HTTP Upgrade');
    },
  );

  app.get(
    '/commands',
    {
      schema: {
        tags: ['game'],
        security,
        description:
          "The plugin's command channel, a long-poll: answers at once with this server's pending commands, else holds the request up to `wait` seconds (default and most 25) and answers 204 when none came. " +
          `A command not acknowledged (POST /api/game/commands/ack) within ${redeliver} s comes again with the same id: run each id at most once, acknowledge every id you got.`,
        querystring: gameCommandsQuerySchema,
        response: { 200: gameCommandsResponseSchema, 204: z.null(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const serverId = gameServerOf(request);
      const deadline = Date.now() + request.query.wait * 1000;
      const gone = new AbortController();
      reply.raw.on('close', () => gone.abort());
      const held = AbortSignal.any([gone.signal, closing.signal]);
      for (;;) {
        // Listening before reading: a command queued between the read and the wait still wakes it.
        const round = new AbortController();
        const roundSignal = AbortSignal.any([held, round.signal]);
        const woken = hub.wait(serverId, Math.max(0, deadline - Date.now()), roundSignal);
        try {
          const commands = await claimCommands(db, serverId, redeliver);
          if (commands.length > 0) return { commands };
          const left = deadline - Date.now();
          if (left <= 0 || held.aborted) return reply.status(204).send(null);
          const due = await secondsUntilRedelivery(db, serverId, redeliver);
          let timer: NodeJS.Timeout | undefined;
          const redelivery =
            due === null
              ? new Promise<void>(() => {})
              : new Promise<void>((resolve) => {
                  timer = setTimeout(resolve, due * 1000 + 20);
                });
          await Promise.race([woken, redelivery]);
          clearTimeout(timer);
        } finally {
          round.abort();
        }
      }
    },
  );

  app.post(
    '/commands/ack',
    {
      config: { anonymousWrite: 'a game server, by its per-server token (checked onRequest)' },
      schema: {
        tags: ['game'],
        security,
        description:
          'Acknowledges commands carried out (or already carried out: acknowledging twice is fine). Every id must be one of this server’s commands, else 404 UNKNOWN_COMMAND and nothing is acknowledged.',
        body: gameCommandsAckSchema,
        response: { 200: gameCommandsAckResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      acknowledged: await acknowledgeCommands(db, gameServerOf(request), request.body.ids),
    }),
  );
};
