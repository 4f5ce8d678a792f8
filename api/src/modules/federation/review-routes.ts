import {
  federationExceptionCreateSchema,
  federationExceptionsSchema,
  federationReceivedListSchema,
  federationReceivedSchema,
  federationReviewDecisionSchema,
  parseSteamId,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { nowSeconds } from '../../lib/clock';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import { requirePermission } from '../../plugins/authorization';
import { accountsService } from '../accounts';
import { auditService } from '../audit';
import { applyReceived, liftLocal } from './received-entries';
import { findSubscription, toReceived } from './subscriptions-repository';
import type { FederationTables } from './tables';

// Staff's side of federation (issue 29): the review queue of bans other sites published that
// wait for a decision here (bans.create), and the local exception list, players whose
// federated bans this site does not apply (bans.unban: excepting lifts what was applied).

const errors = errorResponses(400, 401, 403, 404);
const entryParams = z.object({
  subscriptionId: z.string().regex(/^[0-9a-f]{16}$/, 'Not a subscription id'),
  entryId: z.string().min(1).max(40),
});

export const reviewRoutes: FastifyPluginAsyncZod<{ db: Kysely<FederationTables> }> = async (app, { db }) => {
  app.get(
    '/federation/review',
    {
      preHandler: [requirePermission('bans.create')],
      schema: {
        tags: ['federation'],
        description: 'Bans from subscribed feeds waiting for a decision, oldest first (at most 200).',
        response: { 200: federationReceivedListSchema, ...errors },
      },
    },
    async () => {
      const rows = await db
        .selectFrom('federation_received as r')
        .innerJoin('federation_subscriptions as s', 's.id', 'r.subscription_id')
        .selectAll('r')
        .select('s.site')
        .where('r.status', '=', 'pending')
        .orderBy('r.received_at')
        .orderBy('r.seq')
        .limit(200)
        .execute();
      return { entries: rows.map((row) => toReceived(row, row.site)) };
    },
  );

  app.post(
    '/federation/review/:subscriptionId/:entryId',
    {
      preHandler: [requirePermission('bans.create')],
      schema: {
        tags: ['federation'],
        description: 'Applies a pending entry (it becomes a ban here, naming its origin) or rejects it.',
        params: entryParams,
        body: federationReviewDecisionSchema,
        response: { 200: federationReceivedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { subscriptionId, entryId } = request.params;
      const subscription = await findSubscription(db, subscriptionId);
      const row = subscription
        ? await db
            .selectFrom('federation_received')
            .selectAll()
            .where('subscription_id', '=', subscriptionId)
            .where('entry_id', '=', entryId)
            .executeTakeFirst()
        : undefined;
      if (!subscription || !row) throw new HttpError(404, 'NOT_FOUND', 'No received entry has this id');
      if (row.status !== 'pending') throw new HttpError(409, 'DECIDED', `This entry is ${row.status} already`);
      const actor = await accountsService.actorOf(db, request);
      if (request.body.decision === 'apply') {
        const banId = await applyReceived(db, subscription, {
          entryId,
          kind: row.kind,
          steamid: row.steamid,
          category: row.category,
          expiresAt: row.expires_at === null ? null : Number(row.expires_at),
        });
        await auditService.writeAudit(db, {
          client: actor.id,
          clientName: actor.name,
          target: row.steamid,
          message: `applied ${subscription.name}'s federated ban of ${row.steamid} (ban #${banId})`,
        });
      } else {
        await db
          .updateTable('federation_received')
          .set({ status: 'rejected' })
          .where('subscription_id', '=', subscriptionId)
          .where('entry_id', '=', entryId)
          .execute();
        await auditService.writeAudit(db, {
          client: actor.id,
          clientName: actor.name,
          target: row.steamid,
          message: `rejected ${subscription.name}'s federated ban of ${row.steamid}`,
        });
      }
      const after = await db
        .selectFrom('federation_received')
        .selectAll()
        .where('subscription_id', '=', subscriptionId)
        .where('entry_id', '=', entryId)
        .executeTakeFirstOrThrow();
      return toReceived(after, subscription.site);
    },
  );

  const exceptionGuard = [requirePermission('bans.unban')];
  const listExceptions = async () => {
    const rows = await db.selectFrom('federation_exceptions').selectAll().orderBy('created_at', 'desc').execute();
    return {
      exceptions: rows.map((row) => ({
        steamid: row.steamid,
        reason: row.reason,
        createdByName: row.created_by_name,
        createdAt: Number(row.created_at),
      })),
    };
  };

  app.get(
    '/federation/exceptions',
    {
      preHandler: exceptionGuard,
      schema: { tags: ['federation'], response: { 200: federationExceptionsSchema, ...errors } },
    },
    listExceptions,
  );

  app.post(
    '/federation/exceptions',
    {
      preHandler: exceptionGuard,
      schema: {
        tags: ['federation'],
        description:
          "Excepts a player from every subscribed feed: bans applied from feeds are lifted, and the feeds' later " +
          'bans of them are kept but not applied. Audited.',
        body: federationExceptionCreateSchema,
        response: { 200: federationExceptionsSchema, ...errors },
      },
    },
    async (request) => {
      const steamid = parseSteamId(request.body.steamid);
      if (!steamid) throw new HttpError(400, 'BAD_STEAMID', 'That is not a Steam id');
      const actor = await accountsService.actorOf(db, request);
      const values = {
        reason: request.body.reason,
        created_by_id: actor.id,
        created_by_name: actor.name,
        created_at: nowSeconds(),
      };
      await db
        .insertInto('federation_exceptions')
        .values({ steamid, ...values })
        .onConflict((oc) => oc.column('steamid').doUpdateSet(values))
        .execute();
      const applied = await db
        .selectFrom('federation_received')
        .selectAll()
        .where('steamid', '=', steamid)
        .where('status', 'in', ['applied', 'pending'])
        .execute();
      for (const row of applied) {
        const subscription = await findSubscription(db, row.subscription_id);
        if (subscription && row.status === 'applied' && row.ban_id !== null)
          await liftLocal(db, subscription, Number(row.ban_id), { by: 'exception', reason: request.body.reason });
        await db
          .updateTable('federation_received')
          .set({ status: 'excepted' })
          .where('subscription_id', '=', row.subscription_id)
          .where('entry_id', '=', row.entry_id)
          .execute();
      }
      await auditService.writeAudit(db, {
        client: actor.id,
        clientName: actor.name,
        target: steamid,
        message: `excepted ${steamid} from federated bans (reason "${request.body.reason}"; ${applied.length} lifted or set aside)`,
      });
      return listExceptions();
    },
  );

  app.delete(
    '/federation/exceptions/:steamid',
    {
      preHandler: exceptionGuard,
      schema: {
        tags: ['federation'],
        description: "Ends a player's exception: feeds' later bans of them apply again (those set aside stay so).",
        params: z.object({ steamid: z.string().min(1).max(100) }),
        response: { 200: federationExceptionsSchema, ...errors },
      },
    },
    async (request) => {
      const steamid = parseSteamId(request.params.steamid);
      if (!steamid) throw new HttpError(400, 'BAD_STEAMID', 'That is not a Steam id');
      const removed = await db.deleteFrom('federation_exceptions').where('steamid', '=', steamid).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw new HttpError(404, 'NOT_FOUND', 'This player is not excepted');
      const actor = await accountsService.actorOf(db, request);
      await auditService.writeAudit(db, {
        client: actor.id,
        clientName: actor.name,
        target: steamid,
        message: `ended the federated-ban exception of ${steamid}`,
      });
      return listExceptions();
    },
  );
};
