import {
  federationSubscriptionChangeSchema,
  federationSubscriptionCreateSchema,
  federationSubscriptionSchema,
  federationSubscriptionsSchema,
} from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { nowSeconds } from '../../lib/clock';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import { requirePermission } from '../../plugins/authorization';
import { requireStepUp } from '../../plugins/step-up';
import { accountsService } from '../accounts';
import { auditService } from '../audit';
import { readWellKnown, type SubscriberOptions } from './feed-subscriber';
import type { SubscriberLoop } from './subscriber-loop';
import { findSubscription, insertSubscription, toSubscription } from './subscriptions-repository';
import type { FederationTables } from './tables';

// The panel's federation card, subscribing side (issue 29): an owner adds another site by its
// address and pins the key fingerprint read from that site's panel; chooses the categories and
// whether they apply at once or wait for review; pins a new fingerprint after a key change,
// pauses, resumes, removes. Only with panel.settings and, for what changes trust, a recent
// second factor where one is required.

const params = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, 'Not a subscription id') });
const errors = errorResponses(400, 401, 403, 404);

async function audit(db: Kysely<FederationTables>, request: FastifyRequest, message: string) {
  const actor = await accountsService.actorOf(db, request);
  await auditService.writeAudit(db, { client: actor.id, clientName: actor.name, message });
}

export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  db: Kysely<FederationTables>;
  loop: SubscriberLoop;
  options: SubscriberOptions;
}> = async (app, { db, loop, options }) => {
  const guard = [requirePermission('panel.settings')];
  const shown = async (id: string) => {
    const row = await findSubscription(db, id);
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'No subscription has this id');
    return toSubscription(db, row, nowSeconds());
  };

  app.get(
    '/panel/federation/subscriptions',
    {
      preHandler: guard,
      schema: { tags: ['federation'], response: { 200: federationSubscriptionsSchema, ...errors } },
    },
    async () => {
      const rows = await db.selectFrom('federation_subscriptions').selectAll().orderBy('created_at').execute();
      const now = nowSeconds();
      return { subscriptions: await Promise.all(rows.map((row) => toSubscription(db, row, now))) };
    },
  );

  app.post(
    '/panel/federation/subscriptions',
    {
      preHandler: [...guard, requireStepUp],
      schema: {
        tags: ['federation'],
        description:
          "Subscribes to another Outpost site's feed: its address and the key fingerprint its owner read to you " +
          '(refused when the site shows another). New entries in the chosen categories apply at once or wait for review.',
        body: federationSubscriptionCreateSchema,
        response: { 201: federationSubscriptionSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const site = request.body.site.replace(/\/+$/, '');
      if (site === app.config.PUBLIC_URL)
        throw new HttpError(400, 'OWN_SITE', 'That is this site: subscribe to another');
      const taken = await db
        .selectFrom('federation_subscriptions')
        .select('id')
        .where('site', '=', site)
        .executeTakeFirst();
      if (taken) throw new HttpError(409, 'ALREADY_SUBSCRIBED', 'This site is subscribed to already');
      const known = await readWellKnown(site, options);
      if (!known.ok) throw new HttpError(400, 'FEED_UNREADABLE', `${site} could not be read: ${known.problem}`);
      if (known.fingerprint !== request.body.fingerprint)
        throw new HttpError(
          400,
          'FINGERPRINT_MISMATCH',
          `${site} shows the fingerprint ${known.fingerprint}, not the one you pinned. Ask its owner which is right.`,
        );
      const id = await insertSubscription(db, {
        site,
        name: known.name,
        publicKey: known.publicKey,
        fingerprint: known.fingerprint,
        appeals: known.appeals,
        categories: [...new Set(request.body.categories)],
        mode: request.body.mode,
        now: nowSeconds(),
      });
      await audit(db, request, `subscribed to the federation feed of ${site} (${request.body.mode})`);
      void loop.look();
      return reply.code(201).send(await shown(id));
    },
  );

  app.patch(
    '/panel/federation/subscriptions/:id',
    {
      preHandler: [...guard, requireStepUp],
      schema: {
        tags: ['federation'],
        description:
          'Changes the categories taken or the mode, pauses or resumes, or pins a new fingerprint after the other ' +
          "site's key changed (refused unless the site shows that fingerprint now).",
        params,
        body: federationSubscriptionChangeSchema,
        response: { 200: federationSubscriptionSchema, ...errors },
      },
    },
    async (request) => {
      const row = await findSubscription(db, request.params.id);
      if (!row) throw new HttpError(404, 'NOT_FOUND', 'No subscription has this id');
      const change = request.body;
      const set: Record<string, unknown> = {};
      if (change.categories) set.categories = JSON.stringify([...new Set(change.categories)]);
      if (change.mode) set.mode = change.mode;
      const pinsAnew = change.fingerprint !== undefined && change.fingerprint !== row.fingerprint;
      if (pinsAnew) {
        const known = await readWellKnown(row.site, options);
        if (!known.ok) throw new HttpError(400, 'FEED_UNREADABLE', `${row.site} could not be read: ${known.problem}`);
        if (known.fingerprint !== change.fingerprint)
          throw new HttpError(400, 'FINGERPRINT_MISMATCH', `${row.site} shows the fingerprint ${known.fingerprint}`);
        Object.assign(set, { fingerprint: known.fingerprint, public_key: known.publicKey, etag: null });
      }
      // Resuming (or pinning anew) puts a stopped feed back in the queue, from where it stopped.
      if (change.paused === true) Object.assign(set, { state: 'paused', problem: 'Paused by staff' });
      const resumes = change.paused === false || (pinsAnew && row.state === 'key-changed');
      if (resumes && change.paused !== true) Object.assign(set, { state: 'active', problem: null, next_poll_at: 0 });
      if (Object.keys(set).length > 0)
        await db.updateTable('federation_subscriptions').set(set).where('id', '=', row.id).execute();
      await audit(db, request, `changed the federation subscription to ${row.site}: ${Object.keys(change).join(', ')}`);
      if (resumes) void loop.look();
      return shown(row.id);
    },
  );

  app.delete(
    '/panel/federation/subscriptions/:id',
    {
      preHandler: [...guard, requireStepUp],
      schema: {
        tags: ['federation'],
        description:
          'Unsubscribes. Bans already applied from the feed stay (lift them one by one, or except the players).',
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const row = await findSubscription(db, request.params.id);
      if (!row) throw new HttpError(404, 'NOT_FOUND', 'No subscription has this id');
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('federation_received')
          .where('subscription_id', '=', row.id)
          .where('status', '=', 'pending')
          .execute();
        await trx.deleteFrom('federation_subscriptions').where('id', '=', row.id).execute();
      });
      await audit(db, request, `unsubscribed from the federation feed of ${row.site}`);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/panel/federation/subscriptions/:id/read',
    {
      preHandler: guard,
      schema: {
        tags: ['federation'],
        description: 'Reads the feed now instead of at its next turn.',
        params,
        response: { 200: federationSubscriptionSchema, ...errors },
      },
    },
    async (request) => {
      const row = await findSubscription(db, request.params.id);
      if (!row) throw new HttpError(404, 'NOT_FOUND', 'No subscription has this id');
      await db.updateTable('federation_subscriptions').set({ next_poll_at: 0 }).where('id', '=', row.id).execute();
      await loop.look();
      await loop.settled();
      return shown(row.id);
    },
  );
};
