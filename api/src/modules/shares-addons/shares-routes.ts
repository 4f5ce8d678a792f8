import {
  apiErrorSchema,
  shareCreateSchema,
  shareDetailResponseSchema,
  shareEditSchema,
  shareIdParamSchema,
  shareSchema,
  sharesListResponseSchema,
} from '@outpost/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import { requirePermission } from '../../plugins/authorization';
import { requireStepUp } from '../../plugins/step-up';
import { accountsService } from '../accounts';
import { listAddons, toAddon } from './addons-repository';
import { auditShare } from './shares-audit';
import type { SharesContext } from './shares-context';
import {
  deleteShareRows,
  findShare,
  listShares,
  type ShareRow,
  setShareGroups,
  unknownGroupIds,
  updateShare,
} from './shares-repository';
import { createShare } from './shares-service';
import type { SharesAddonsTables } from './tables';

export const shareErrors = errorResponses(400, 401, 403, 404, 409);

/** The share named in the path, or a 404. */
export async function shareOr404(db: Kysely<SharesAddonsTables>, shareId: string): Promise<ShareRow> {
  const share = await findShare(db, shareId);
  if (!share) throw new HttpError(404, 'NOT_FOUND', 'No share has this id');
  return share;
}

async function assertGroupsExist(db: Kysely<SharesAddonsTables>, groupIds: string[] | undefined): Promise<void> {
  const unknown = await unknownGroupIds(db, groupIds ?? []);
  if (unknown.length > 0) throw new HttpError(400, 'UNKNOWN_GROUP', `No server group has the id ${unknown[0]}`);
}

/** Shares: list, one with its addons, create, rename/quota/groups, delete (files included). */
export function registerShareRoutes(parent: FastifyInstance, context: SharesContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = context;

  app.get(
    '/shares',
    {
      preHandler: requirePermission('shares.view'),
      schema: {
        tags: ['shares'],
        response: { 200: sharesListResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => ({ shares: await listShares(db) }),
  );

  app.get(
    '/shares/:shareId',
    {
      preHandler: requirePermission('shares.view'),
      schema: {
        tags: ['shares'],
        params: shareIdParamSchema,
        response: { 200: shareDetailResponseSchema, ...shareErrors },
      },
    },
    async (request) => {
      await shareOr404(db, request.params.shareId);
      const [share] = await listShares(db, request.params.shareId);
      const addons = await listAddons(db, request.params.shareId);
      return { share: share as NonNullable<typeof share>, addons: addons.map(toAddon) };
    },
  );

  app.post(
    '/shares',
    {
      preHandler: requirePermission('shares.manage'),
      schema: { tags: ['shares'], body: shareCreateSchema, response: { 201: shareSchema, ...shareErrors } },
    },
    async (request, reply) => {
      const body = request.body;
      await assertGroupsExist(db, body.groupIds);
      const id = await createShare(db, body, await accountsService.actorOf(db, request));
      const [share] = await listShares(db, id);
      return reply.status(201).send(share as NonNullable<typeof share>);
    },
  );

  app.patch(
    '/shares/:shareId',
    {
      preHandler: requirePermission('shares.manage'),
      schema: {
        tags: ['shares'],
        params: shareIdParamSchema,
        body: shareEditSchema,
        response: { 200: shareSchema, ...shareErrors },
      },
    },
    async (request) => {
      const share = await shareOr404(db, request.params.shareId);
      const body = request.body;
      await assertGroupsExist(db, body.groupIds);
      const actor = await accountsService.actorOf(db, request);
      await db.transaction().execute(async (trx) => {
        await updateShare(trx, share.id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.quotaBytes !== undefined ? { quota_bytes: body.quotaBytes } : {}),
        });
        if (body.groupIds) await setShareGroups(trx, share.id, body.groupIds);
        const changes = [
          body.name !== undefined && body.name !== share.name ? `renamed to ${body.name}` : null,
          body.quotaBytes !== undefined ? `quota ${body.quotaBytes ?? 'none'}` : null,
          body.groupIds ? `groups ${body.groupIds.join(', ') || 'none'}` : null,
        ].filter(Boolean);
        await auditShare(
          trx,
          actor,
          share,
          `Edited share ${share.name}${changes.length ? `: ${changes.join('; ')}` : ''}`,
        );
      });
      const [updated] = await listShares(db, share.id);
      return updated as NonNullable<typeof updated>;
    },
  );

  app.delete(
    '/shares/:shareId',
    {
      preHandler: [requirePermission('shares.manage'), requireStepUp],
      schema: { tags: ['shares'], params: shareIdParamSchema, response: { 204: z.null(), ...shareErrors } },
    },
    async (request, reply) => {
      const share = await shareOr404(db, request.params.shareId);
      const actor = await accountsService.actorOf(db, request);
      context.jobs.cancelShare(share.id);
      const addons = await listAddons(db, share.id);
      await db.transaction().execute(async (trx) => {
        await deleteShareRows(trx, share.id);
        await auditShare(
          trx,
          actor,
          share,
          `Deleted share ${share.name} with ${addons.length} addon(s)${
            addons.length
              ? `: ${addons
                  .map((addon) => addon.name)
                  .join(', ')
                  .slice(0, 800)}`
              : ''
          }`,
        );
      });
      for (const object of await storage.list(`shares/${share.id}/`))
        await storage.delete(object.key).catch(() => undefined);
      return reply.status(204).send(null);
    },
  );
}
