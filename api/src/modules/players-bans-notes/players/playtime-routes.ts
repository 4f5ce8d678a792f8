import {
  idParamSchema,
  type LeaderboardResponse,
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  type PlayerPlaytimeResponse,
  parseSteamId,
  playerActivityQuerySchema,
  playerActivityResponseSchema,
  playerPlaytimeQuerySchema,
  playerPlaytimeResponseSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../../db/keyset-cursor';
import type { OwnDb } from '../../../db/module-db';
import { nowSeconds } from '../../../lib/clock';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import { requirePermission } from '../../../plugins/authorization';
import { serversService } from '../../servers';
import type { PlayersBansNotesTables } from '../tables';
import { csvLines, sendCsv, wantsCsv } from './csv';
import { requirePlayerAccess } from './player-access';
import { activityOf } from './player-activity';
import { leaderboard, periodKey, ranksOf, sessionsOf } from './player-sessions';

const errors = errorResponses(400, 401, 403, 404);

/**
 * Leaderboards (public, like the server list) and a player's playtime: ranks and sessions
 * (players.view, or the player themself, like the player's page). JSON or CSV.
 */
export const playtimeRoutes: FastifyPluginAsyncZod<OwnDb<PlayersBansNotesTables>> = async (app, { db }) => {
  app.get(
    '/leaderboards/:groupId',
    {
      schema: {
        tags: ['players'],
        description:
          "A server group's playtime leaderboard for this week (from Monday, UTC), this month or all time, most " +
          'played first; ?format=csv (or Accept: text/csv) answers CSV. Pages by ?cursor= (the nextCursor of the ' +
          'page before: one index seek however deep) or by ?offset= (up to 10,000). Public.',
        params: z.object({ groupId: z.string().min(1).max(64) }),
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { groupId } = request.params;
      const { period, offset, limit, format, cursor } = request.query;
      // The cursor is the last row of the page before: [seconds, steamid, rank].
      const key = cursor ? decodeCursor(cursor, 'nsn') : null;
      const after = key ? { seconds: Number(key[0]), steamid: String(key[1]), rank: Number(key[2]) } : null;
      if (after && (after.rank < 1 || after.seconds < 0))
        throw new HttpError(400, 'INVALID_CURSOR', 'The cursor is not one this list gave out');
      const [group] = await serversService.groupsByIds(db, [groupId]);
      if (!group) throw new HttpError(404, 'NOT_FOUND', 'No server group has this id');
      const periodKeyNow = periodKey(period, nowSeconds());
      const page = await leaderboard(db, { groupId, period: periodKeyNow, offset, limit, after });
      const entries = page.rows;
      reply.header('cache-control', 'no-cache').header('vary', 'accept');
      const body: LeaderboardResponse = {
        groupId,
        groupName: group.name,
        period,
        periodKey: periodKeyNow,
        offset: after ? after.rank : offset,
        entries,
        nextCursor: page.next ? encodeCursor([page.next.seconds, page.next.steamid, page.next.rank]) : null,
      };
      if (!wantsCsv(request, format)) return body;
      return sendCsv(
        reply,
        `leaderboard-${groupId}-${periodKeyNow}.csv`,
        csvLines(
          'rank,steamid,name,seconds',
          entries.map((e) => [e.rank, e.steamid, e.name, e.seconds]),
        ),
      );
    },
  );

  app.get(
    '/players/:id/playtime',
    {
      preHandler: requirePlayerAccess(db),
      schema: {
        tags: ['players'],
        description:
          "The player's rank per server group (this week, this month, all time) and closed sessions, newest first; " +
          'players.view or the player themself. ?format=csv (or Accept: text/csv) answers the sessions as CSV.',
        params: idParamSchema,
        querystring: playerPlaytimeQuerySchema,
        response: { 200: playerPlaytimeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const steamid = parseSteamId(request.params.id);
      if (!steamid) throw new HttpError(404, 'NOT_FOUND', 'No player has this id');
      const [ranks, sessions, names] = await Promise.all([
        ranksOf(db, steamid, nowSeconds()),
        sessionsOf(db, steamid, request.query.limit),
        serversService.serverNameMap(db),
      ]);
      const groups = await serversService.groupsByIds(db, [...new Set(ranks.map((r) => r.groupId))]);
      const groupName = new Map(groups.map((g) => [g.id, g.name]));
      const body: PlayerPlaytimeResponse = {
        steamid,
        ranks: ranks.map((r) => ({ ...r, groupName: groupName.get(r.groupId) ?? r.groupId })),
        sessions: sessions.map((s) => ({ ...s, serverName: names.get(s.serverId) ?? null })),
      };
      reply.header('cache-control', 'private, no-cache').header('vary', 'accept');
      if (!wantsCsv(request, request.query.format)) return body;
      return sendCsv(
        reply,
        `sessions-${steamid}.csv`,
        csvLines(
          'server_id,server_name,start,end,seconds',
          body.sessions.map((s) => [s.serverId, s.serverName, s.start, s.end, s.end - s.start]),
        ),
      );
    },
  );
  app.get(
    '/players/:id/activity',
    {
      // Staff only, unlike the playtime above: the timeline counts bans, notes, warnings and reports,
      // which a player does not otherwise see of themself.
      preHandler: requirePermission('players.view'),
      schema: {
        tags: ['players'],
        description:
          "A player's activity per UTC day for the last 30, 90 or 365 days (?days=, today last, every day listed): " +
          'seconds played (sessions split at midnight), chat lines, bans, notes and warnings about them, and reports ' +
          'against them. Staff only (players.view; not the player themself). ?format=csv (or Accept: text/csv) ' +
          'answers CSV.',
        params: idParamSchema,
        querystring: playerActivityQuerySchema,
        response: { 200: playerActivityResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const steamid = parseSteamId(request.params.id);
      if (!steamid) throw new HttpError(404, 'NOT_FOUND', 'No player has this id');
      const days = Number(request.query.days);
      const buckets = await activityOf(db, steamid, days, nowSeconds());
      reply.header('cache-control', 'private, no-cache').header('vary', 'accept');
      if (!wantsCsv(request, request.query.format)) return { steamid, days, buckets };
      return sendCsv(
        reply,
        `activity-${steamid}-${days}d.csv`,
        csvLines(
          'day,play_seconds,chat_lines,bans,notes,warnings,reports',
          buckets.map((b) => [b.day, b.playSeconds, b.chatLines, b.bans, b.notes, b.warnings, b.reports]),
        ),
      );
    },
  );
};
