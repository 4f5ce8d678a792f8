import {
  type AppealDetail,
  appealAssigneesQuerySchema,
  appealAssigneesResponseSchema,
  appealAssignSchema,
  appealCreateSchema,
  appealDecisionSchema,
  appealDetailSchema,
  appealMessageCreateSchema,
  appealsListResponseSchema,
  appealsQueueQuerySchema,
  numericIdParamSchema,
} from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import { nowSeconds } from '../../../lib/clock';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { principalHas, requirePermission, requireSignedIn } from '../../../plugins/authorization';
import { type Actor, accountsService } from '../../accounts';
import { findBan, places } from '../bans';
import type { PlayersBansNotesTables } from '../tables';
import {
  type AppealRow,
  findAppeal,
  listAppealsOfSteamId,
  listMessages,
  listQueue,
  toAppeal,
  withBans,
} from './appeals-repository';
import {
  addMessage,
  assertOpen,
  assignAppeal,
  closeAppeal,
  decideAppeal,
  openAppeal,
  steamIdOf,
} from './appeals-service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const manage = requirePermission('appeals.manage');

/**
 * /api/appeals: the player's side (their own appeals, by the Steam id they signed in with)
 * and staff's (appeals.manage). The player's view is decided here once, by viewOf(), and
 * every answer the player can get is built from it: internal comments never reach them.
 */
export const appealsRoutes: FastifyPluginAsyncZod<OwnDb<PlayersBansNotesTables>> = async (app, { db }) => {
  /** 'player' when the appeal is the caller's own (even if they are staff), 'staff' with appeals.manage. */
  async function viewOf(auth: Principal, appeal: AppealRow): Promise<'player' | 'staff'> {
    if ((await steamIdOf(db, auth.userId)) === appeal.steamid) return 'player';
    if (principalHas(auth, 'appeals.manage')) return 'staff';
    throw new HttpError(403, 'FORBIDDEN', 'This appeal is not yours');
  }

  async function appealOr404(id: number): Promise<AppealRow> {
    const appeal = await findAppeal(db, id);
    if (!appeal) throw new HttpError(404, 'NOT_FOUND', 'No appeal has this id');
    return appeal;
  }

  /** Staff acting on an appeal: never on their own. */
  async function staffAppeal(auth: Principal, id: number): Promise<AppealRow> {
    const appeal = await appealOr404(id);
    if ((await viewOf(auth, appeal)) !== 'staff') {
      throw new HttpError(403, 'OWN_APPEAL', 'Another staff member handles your own appeal');
    }
    return appeal;
  }

  /**
   * A staff member's action on the appeal in the path (never their own), in their own name also while impersonated;
   * answers the appeal's detail after it.
   */
  async function staffAction(
    request: FastifyRequest,
    id: number,
    act: (appeal: AppealRow, actor: Actor & { id: string }, auth: Principal) => Promise<unknown>,
  ): Promise<AppealDetail> {
    const auth = request.auth as Principal;
    const appeal = await staffAppeal(auth, id);
    await act(appeal, { ...(await accountsService.actorOf(db, request)), id: auth.userId }, auth);
    return detail(auth, appeal.id);
  }

  /** The options of a staff action (appeals.manage) on the appeal in the path: its body in, the appeal's detail out. */
  const staffActionRoute = <Body>(description: string, body: Body) => ({
    preValidation: manage,
    schema: {
      tags: ['appeals'],
      description,
      params: numericIdParamSchema,
      body,
      response: { 200: appealDetailSchema, ...errors },
    },
  });

  async function detail(auth: Principal, id: number): Promise<AppealDetail> {
    const row = await appealOr404(id);
    const view = await viewOf(auth, row);
    const appeal = toAppeal(row, await findBan(db, row.ban_id), nowSeconds(), await places(db));
    const open = row.state === 'open';
    return {
      appeal,
      messages: await listMessages(db, row.id, view),
      view,
      can: {
        reply: open,
        comment: open && view === 'staff',
        decide: open && view === 'staff',
        close: open && view === 'player',
      },
    };
  }

  app.get(
    '/appeals/mine',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['appeals'],
        description: 'The caller’s own appeals (on the Steam id they signed in with), newest first.',
        response: { 200: appealsListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const steamid = await steamIdOf(db, (request.auth as Principal).userId);
      const rows = steamid ? await listAppealsOfSteamId(db, steamid) : [];
      return { appeals: await withBans(db, rows, nowSeconds()), nextCursor: null };
    },
  );

  app.post(
    '/appeals',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['appeals'],
        description:
          'Appeal a ban or comm block in force on the caller’s own Steam id: one open appeal per ban; rate-limited.',
        body: appealCreateSchema,
        response: { 201: appealDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = request.auth as Principal;
      const actor = await accountsService.actorOf(db, request);
      const row = await openAppeal(db, auth, request.body, actor);
      return reply.status(201).send(await detail(auth, row.id));
    },
  );

  app.get(
    '/appeals',
    {
      preValidation: manage,
      schema: {
        tags: ['appeals'],
        description: 'appeals.manage: the queue, oldest first, with filters.',
        querystring: appealsQueueQuerySchema,
        response: { 200: appealsListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const auth = request.auth as Principal;
      const { rows, nextCursor } = await listQueue(db, {
        state: query.state,
        assigneeId: query.mine ? auth.userId : query.assignee,
        unassigned: query.unassigned,
        q: query.q,
        cursor: query.cursor,
        limit: query.limit,
      });
      return { appeals: await withBans(db, rows, nowSeconds()), nextCursor };
    },
  );

  app.get(
    '/appeals/assignees',
    {
      preValidation: manage,
      schema: {
        tags: ['appeals'],
        description: 'appeals.manage: staff an appeal can be assigned to (they hold appeals.manage).',
        querystring: appealAssigneesQuerySchema,
        response: { 200: appealAssigneesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const candidates = await accountsService.searchPanelUsers(db, request.query.q?.trim() ?? '');
      const assignees = [];
      for (const user of candidates) {
        const permissions = await accountsService.loadPermissions(db, user.id);
        if (permissions && principalHas({ permissions }, 'appeals.manage')) {
          assignees.push({ id: user.id, name: user.name, steamid: user.steamid });
        }
      }
      return { assignees };
    },
  );

  app.get(
    '/appeals/:id',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['appeals'],
        description: 'The appeal and its conversation: the player sees replies only; staff also internal comments.',
        params: numericIdParamSchema,
        response: { 200: appealDetailSchema, ...errors },
      },
    },
    async (request) => detail(request.auth as Principal, request.params.id),
  );

  app.post(
    '/appeals/:id/messages',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['appeals'],
        description:
          'A reply (the player or appeals.manage) or, with internal: true, a staff-only comment. 409 once decided or closed.',
        params: numericIdParamSchema,
        body: appealMessageCreateSchema,
        response: { 201: appealDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = request.auth as Principal;
      const appeal = await appealOr404(request.params.id);
      const view = await viewOf(auth, appeal);
      if (view === 'player' && request.body.internal) {
        throw new HttpError(403, 'FORBIDDEN', 'Only staff write internal comments');
      }
      const actor = await accountsService.actorOf(db, request);
      await addMessage(db, appeal, { ...request.body, by: view }, { ...actor, id: auth.userId });
      return reply.status(201).send(await detail(auth, appeal.id));
    },
  );

  app.post(
    '/appeals/:id/close',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['appeals'],
        description: 'The player withdraws their own open appeal.',
        params: numericIdParamSchema,
        response: { 200: appealDetailSchema, ...errors },
      },
    },
    async (request) => {
      const auth = request.auth as Principal;
      const appeal = await appealOr404(request.params.id);
      if ((await viewOf(auth, appeal)) !== 'player') {
        throw new HttpError(403, 'FORBIDDEN', 'Only the player closes their appeal; staff accept or deny it');
      }
      assertOpen(appeal);
      await closeAppeal(db, appeal, { ...(await accountsService.actorOf(db, request)), id: auth.userId });
      return detail(auth, appeal.id);
    },
  );

  app.put(
    '/appeals/:id/assignee',
    staffActionRoute(
      'appeals.manage: assign to a staff member holding appeals.manage, or null to unassign.',
      appealAssignSchema,
    ),
    async (request) =>
      staffAction(request, request.params.id, (appeal, actor) =>
        assignAppeal(db, appeal, request.body.assigneeId, actor),
      ),
  );

  app.post(
    '/appeals/:id/decision',
    staffActionRoute(
      'appeals.manage: accept (lift, needs bans.unban; or shorten, needs bans.edit) or deny, with the reason the player reads.',
      appealDecisionSchema,
    ),
    async (request) =>
      staffAction(request, request.params.id, (appeal, actor, auth) =>
        decideAppeal(db, auth, appeal, request.body, actor),
      ),
  );
};
