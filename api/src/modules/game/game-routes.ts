import {
  apiErrorSchema,
  banSchema,
  gameAdminGroupsResponseSchema,
  gameAdminsResponseSchema,
  gameBanCreateSchema,
  gameCheckRequestSchema,
  gameCheckResponseSchema,
  gameEventsBatchSchema,
  gameEventsResponseSchema,
  gameNotesResponseSchema,
  gameOverridesResponseSchema,
  gameReportCreateSchema,
  gameReportReasonsResponseSchema,
  gameUnbanResponseSchema,
  gameUnbanSchema,
  myReportSchema,
  parseSteamId,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { nowSeconds } from '../../lib/clock';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import { playersBansNotesService } from '../players-bans-notes';
import { adminGroups, adminsSimpleIni, gameAdmins, gameOverrides } from './game-admins';
import { gameAuthority } from './game-authority';
import { gameCommandRoutes } from './game-command-routes';
import { storeEvents } from './game-events';
import { kickMessage } from './game-messages';
import { serverPlace as placeOf, inGameScope as scopeInGame } from './game-scope';
import { gameServerOf, requireGameServer } from './game-tokens';
import { gameWarningRoutes } from './game-warning-routes';
import type { GameTables } from './tables';

const errors = errorResponses(400, 401);
const security = [{ gameServerToken: [] }];
const GAME_SERVER_TOKEN = 'a game server, by its per-server token (checked onRequest)';

/** /api/game/*: the SourceMod / CounterStrikeSharp plugin API, authenticated by server token. */
export const gameRoutes: FastifyPluginAsyncZod<OwnDb<GameTables>> = async (app, { db }) => {
  // onRequest: a caller without this server's token is refused before its body is read or
  // validated (issue 31 item 11), which is why these writes need no session (anonymousWrite).
  app.addHook('onRequest', requireGameServer(db));
  const doc = (description: string) => ({ tags: ['game'], security, description });
  const serverPlace = (serverId: string) => placeOf(db, serverId);
  const inGameScope = (serverId: string, kind: 'community' | 'group' | 'server' | undefined) =>
    scopeInGame(db, serverId, kind);
  await app.register(gameCommandRoutes, { db });
  await app.register(gameWarningRoutes, { db });

  app.get(
    '/groups',
    {
      schema: {
        ...doc('Admin groups with flags, immunity and group-vs-group immunity.'),
        response: { 200: gameAdminGroupsResponseSchema, ...errors },
      },
    },
    async () => ({
      groups: await adminGroups(db),
    }),
  );

  app.get(
    '/admins',
    {
      schema: {
        ...doc('Admins: identity, auth type, flags, immunity, groups.'),
        response: { 200: gameAdminsResponseSchema, ...errors },
      },
    },
    async () => ({
      admins: await gameAdmins(db),
    }),
  );

  app.get(
    '/admins_simple.ini',
    {
      schema: {
        ...doc('The admin list as an admins_simple.ini body (text/plain).'),
        response: { 200: z.string(), ...errors },
      },
    },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(adminsSimpleIni(await gameAdmins(db))),
  );

  app.get(
    '/overrides',
    {
      schema: {
        ...doc('Command overrides: command or group name -> flags.'),
        response: { 200: gameOverridesResponseSchema, ...errors },
      },
    },
    async () => ({
      overrides: await gameOverrides(db),
    }),
  );

  app.post(
    '/check',
    {
      config: { anonymousWrite: GAME_SERVER_TOKEN },
      schema: {
        ...doc('Ban, comm and warning check on connect. Indexed reads only.'),
        body: gameCheckRequestSchema,
        response: { 200: gameCheckResponseSchema, ...errors },
      },
    },
    async (request) => {
      const steamid = request.body.steamid ? (parseSteamId(request.body.steamid) ?? undefined) : undefined;
      // Only the restrictions whose scope covers this server (issue 25 item 3) and the active
      // warnings, in one statement: on PostgreSQL one round trip (the server's place is cached).
      const place = await serverPlace(gameServerOf(request));
      const { restrictions: rows, warnings } = await playersBansNotesService.connectCheckReads(
        db,
        { steamid, ip: request.body.ip },
        nowSeconds(),
        place,
      );
      const ban = rows.find((row) => row.type === 'ban');
      return {
        status: ban ? ('banned' as const) : ('none' as const),
        banId: ban?.id ?? null,
        reason: ban?.reason ?? null,
        expiresAt: ban?.expires_at ?? null,
        message: ban ? kickMessage(ban.reason, ban.expires_at, ban.id) : null,
        comms: rows
          .filter((row) => row.type !== 'ban')
          .map((row) => ({ banId: row.id, type: row.type, reason: row.reason, expiresAt: row.expires_at })),
        warnings: warnings.map((row) => ({
          id: row.id,
          reason: row.reason,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
          authorName: row.author_name,
        })),
      };
    },
  );

  app.post(
    '/bans',
    {
      config: { anonymousWrite: GAME_SERVER_TOKEN },
      schema: {
        ...doc(
          "Ban (or mute/gag/silence) from in game, with the issuing admin. When the admin is an Outpost account, its roles' limits apply (issue 25): 403 LENGTH_OVER_ROLE_LIMIT or PERMANENT_NOT_ALLOWED naming the limit.",
        ),
        body: gameBanCreateSchema,
        response: { 201: banSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const serverId = gameServerOf(request);
      const authority = await gameAuthority(db, serverId, body.admin);
      const row = await playersBansNotesService.createBan(
        db,
        {
          type: body.type,
          steamid: body.steamid ? (parseSteamId(body.steamid) ?? undefined) : undefined,
          ip: body.ip,
          playerName: body.name ?? null,
          reason: body.reason,
          length: body.length === 0 ? null : body.length,
          serverId,
          scope: await inGameScope(serverId, body.scope),
        },
        authority.actor,
      );
      return reply.status(201).send(await playersBansNotesService.banView(db, row, true));
    },
  );

  app.post(
    '/unban',
    {
      config: { anonymousWrite: GAME_SERVER_TOKEN },
      schema: {
        ...doc(
          'Lift the active restrictions of a type for a SteamID or IP that this server issued, whoever the named admin is. `refused` lists the others (issued on the web or by another server): they are lifted on the web. ' +
            'Only with the site setting trustInGameUnbans on (off by default) does this server also lift those, and only when the admin it names by SteamID holds bans.unban, is an in-game admin, and is connected to this server now by its own events.',
        ),
        body: gameUnbanSchema,
        response: { 200: gameUnbanResponseSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const steamid = body.steamid ? (parseSteamId(body.steamid) ?? undefined) : undefined;
      const place = await serverPlace(gameServerOf(request));
      const rows = (
        await playersBansNotesService.activeRestrictions(db, { steamid, ip: body.ip }, nowSeconds())
      ).filter((row) => row.type === body.type);
      const authority = await gameAuthority(db, gameServerOf(request), body.admin);
      const unbanned: number[] = [];
      const refused: number[] = [];
      // Another admin's ban, named admin's roles not letting them lift it (issue 25): refused, not an error.
      const liftUnlessRoleRefuses = async (row: (typeof rows)[number]) => {
        try {
          return await playersBansNotesService.unban(db, row, body.reason, authority.actor);
        } catch (error) {
          // Beyond the admin's server groups (issue 25 item 3): refused the same way.
          if (error instanceof HttpError && ['LIFT_OTHERS_NOT_ALLOWED', 'SCOPE_NOT_ALLOWED'].includes(error.code)) {
            refused.push(row.id);
            return false;
          }
          throw error;
        }
      };
      for (const row of rows) {
        // A ban whose scope does not cover this server is not this server's to lift (issue 25 item 3).
        if (!playersBansNotesService.covers(row, place) || !authority.mayLift(row)) refused.push(row.id);
        else if (await liftUnlessRoleRefuses(row)) unbanned.push(row.id);
      }
      return { unbanned, refused };
    },
  );

  app.post(
    '/events',
    {
      config: { anonymousWrite: GAME_SERVER_TOKEN },
      schema: {
        ...doc('A batch of events, idempotent by event id: resend the same batch after a timeout.'),
        body: gameEventsBatchSchema,
        response: { 200: gameEventsResponseSchema, ...errors },
      },
    },
    async (request) => storeEvents(db, gameServerOf(request), request.body.events),
  );

  app.get(
    '/notes/:steamid',
    {
      schema: {
        ...doc("A player's notes (staff-only ones included) for admins on join."),
        params: z.object({ steamid: z.string().max(200) }),
        response: { 200: gameNotesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const steamid = parseSteamId(request.params.steamid);
      if (!steamid) throw new HttpError(400, 'INVALID_STEAMID', 'Not a Steam id');
      return { notes: await playersBansNotesService.notesOfPlayer(db, steamid, true) };
    },
  );

  app.get(
    '/reports/reasons',
    {
      schema: {
        ...doc('The report reasons players pick from (the site setting), for the `!report` menu.'),
        response: { 200: gameReportReasonsResponseSchema, ...errors },
      },
    },
    async () => ({ reasons: await playersBansNotesService.reportReasons(db) }),
  );

  app.post(
    '/reports',
    {
      config: { anonymousWrite: GAME_SERVER_TOKEN },
      schema: {
        ...doc(
          '`!report` from in game: the reporting player, the target and a configured reason, filed for this server. ' +
            'Same rules as the site: 400 for oneself or an unknown reason, 429 beyond the per-reporter limit.',
        ),
        body: gameReportCreateSchema,
        response: { 201: myReportSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const report = await playersBansNotesService.fileGameReport(db, {
        serverId: gameServerOf(request),
        reporter: { steamid: parseSteamId(body.reporter.steamid) as string, name: body.reporter.name },
        target: { steamid: parseSteamId(body.target.steamid) as string, name: body.target.name },
        reason: body.reason,
        details: body.details,
      });
      return reply.status(201).send(report);
    },
  );
};
