import {
  apiErrorSchema,
  MAX_REPORT_DETAILS,
  MAX_REPORT_EVIDENCE_LINKS,
  myReportSchema,
  myReportsResponseSchema,
  numericIdParamSchema,
  parseSteamId,
  REPORT_RATE_WINDOW_SECONDS,
  recentPlayersQuerySchema,
  recentPlayersResponseSchema,
  reportClaimSchema,
  reportCreateSchema,
  reportFormResponseSchema,
  reportGroupSchema,
  reportQueueQuerySchema,
  reportQueueResponseSchema,
  reportResolveSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import { nowSeconds } from '../../../lib/clock';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { requirePermission, requireSignedIn } from '../../../plugins/authorization';
import { accountsService } from '../../accounts';
import { metaService } from '../../meta';
import { serversService } from '../../servers';
import type { PlayersBansNotesTables } from '../tables';
import { resolveReportAs } from './reports-as-staff';
import { countOpenGroups, groupViews, listGroups, myReports, recentPlayers } from './reports-repository';
import { claimGroup, fileReport, releaseGroup, reloadGroup } from './reports-service';

const errors = errorResponses(400, 401, 403, 404, 409);
const manage = requirePermission('reports.manage');

/** /api/reports: filing (any signed-in user) and the staff queue (reports.manage). */
export const reportsRoutes: FastifyPluginAsyncZod<OwnDb<PlayersBansNotesTables>> = async (app, { db }) => {
  /** Staff acting: their account (they are signed in: the guard ran) and who really acts. */
  const staffActor = async (request: Parameters<typeof accountsService.actorOf>[1]) => {
    const actor = await accountsService.actorOf(db, request);
    return { ...actor, id: (request.auth as Principal).userId };
  };
  const groupView = async (id: number) => {
    const [view] = await groupViews(db, [await reloadGroup(db, id)], await serversService.serverNameMap(db));
    return view as NonNullable<typeof view>;
  };

  app.get(
    '/reports/form',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['reports'],
        description: 'Any signed-in user: the reasons to pick from and the limits of the report form.',
        response: { 200: reportFormResponseSchema, 401: apiErrorSchema },
      },
    },
    async () => {
      const settings = (await metaService.readSiteSettings(db)).reports;
      return {
        reasons: settings.reasons,
        maxDetails: MAX_REPORT_DETAILS,
        maxEvidenceLinks: MAX_REPORT_EVIDENCE_LINKS,
        reportsPerWindow: settings.reportsPerWindow,
        windowMinutes: REPORT_RATE_WINDOW_SECONDS / 60,
      };
    },
  );

  app.get(
    '/reports/recent-players',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['reports'],
        description:
          'Any signed-in user: who played on a server in the last 3 hours (connected ones first), to pick a report target.',
        querystring: recentPlayersQuerySchema,
        response: { 200: recentPlayersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const names = await serversService.serverNameMap(db);
      if (!names.has(request.query.serverId)) throw new HttpError(404, 'NOT_FOUND', 'No server has this id');
      const me = await accountsService.findUserById(db, (request.auth as Principal).userId);
      return { players: await recentPlayers(db, request.query.serverId, nowSeconds(), me?.steamid ?? null) };
    },
  );

  app.get(
    '/reports/mine',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['reports'],
        description: 'Any signed-in user: the reports they filed (on the site or in game), open or reviewed.',
        response: { 200: myReportsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = request.auth as Principal;
      const me = await accountsService.findUserById(db, auth.userId);
      return { reports: await myReports(db, { id: auth.userId, steamid: me?.steamid ?? null }) };
    },
  );

  app.post(
    '/reports',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['reports'],
        description:
          'Any signed-in user reports a player: target in any Steam id form, a configured reason, text and up to 5 http(s) evidence links. ' +
          '400 for oneself or an unknown reason, 429 beyond the per-reporter limit; nothing is stored then.',
        body: reportCreateSchema,
        response: { 201: myReportSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth as Principal;
      const body = request.body;
      if (body.serverId && !(await serversService.serverNameMap(db)).has(body.serverId))
        throw new HttpError(400, 'UNKNOWN_SERVER', 'No server has this id');
      const me = await accountsService.findUserById(db, auth.userId);
      const { report } = await fileReport(db, {
        source: 'web',
        reporter: { id: auth.userId, steamid: me?.steamid ?? null, name: me?.name ?? auth.userId },
        target: parseSteamId(body.target) as string,
        reason: body.reason,
        details: body.details,
        evidence: body.evidence,
        serverId: body.serverId ?? null,
      });
      return reply.status(201).send(report);
    },
  );

  app.get(
    '/reports/groups',
    {
      preHandler: manage,
      schema: {
        tags: ['reports'],
        description:
          'reports.manage: the queue. One row per player reported within the grouping window, with every report; open ones oldest first.',
        querystring: reportQueueQuerySchema,
        response: { 200: reportQueueResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await listGroups(db, { ...request.query, userId: (request.auth as Principal).userId });
      return {
        groups: await groupViews(db, rows, await serversService.serverNameMap(db)),
        openCount: await countOpenGroups(db),
      };
    },
  );

  app.get(
    '/reports/groups/:id',
    {
      preHandler: manage,
      schema: {
        tags: ['reports'],
        params: numericIdParamSchema,
        response: { 200: reportGroupSchema, ...errors },
      },
    },
    async (request) => groupView(request.params.id),
  );

  app.post(
    '/reports/groups/:id/claim',
    {
      preHandler: manage,
      schema: {
        tags: ['reports'],
        description: 'reports.manage: work on this group. 409 when someone else has it (send force to take it over).',
        params: numericIdParamSchema,
        body: reportClaimSchema,
        response: { 200: reportGroupSchema, ...errors },
      },
    },
    async (request) => {
      const row = await reloadGroup(db, request.params.id);
      await claimGroup(db, row, await staffActor(request), request.body.force);
      return groupView(row.id);
    },
  );

  app.delete(
    '/reports/groups/:id/claim',
    {
      preHandler: manage,
      schema: {
        tags: ['reports'],
        description: 'reports.manage: give the group back to the queue (its claimer only).',
        params: numericIdParamSchema,
        response: { 200: reportGroupSchema, ...errors },
      },
    },
    async (request) => {
      const row = await reloadGroup(db, request.params.id);
      await releaseGroup(db, row, await staffActor(request));
      return groupView(row.id);
    },
  );

  app.post(
    '/reports/groups/:id/resolve',
    {
      preHandler: manage,
      schema: {
        tags: ['reports'],
        description:
          'reports.manage: resolve every report of the group in one step as a ban (also bans.create), a note (also notes.create) or a dismissal. ' +
          'The ban or note is linked to the group; reporters are notified that it was reviewed, not how.',
        params: numericIdParamSchema,
        body: reportResolveSchema,
        response: { 200: reportGroupSchema, ...errors },
      },
    },
    async (request) => {
      const auth = request.auth as Principal;
      await resolveReportAs(db, auth, request.params.id, request.body, await staffActor(request));
      return groupView(request.params.id);
    },
  );
};
