// The federation module's door (issue 29): communities that vouch for each other. This site
// publishes a signed feed of the restrictions it opts into (feed-publisher.ts), served on
// /api/federation/feed and described by /.well-known/outpost-federation.json; the panel's
// card chooses what is published and rotates the key. It also takes other sites' feeds
// (feed-subscriber.ts): verified whole, applied or queued for review, lifted when the origin
// lifts. It offers no service: nothing else calls it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { eventBus } from '../../lib/event-bus';
import { syncFeed } from './feed-publisher';
import { federationWellKnownRoute, feedRoutes } from './feed-routes';
import { FeedSyncLoop } from './feed-sync-loop';
import { publishingRoutes } from './publishing-routes';
import { reviewRoutes } from './review-routes';
import { SubscriberLoop } from './subscriber-loop';
import { subscriptionsRoutes } from './subscriptions-routes';
import type { FederationTables } from './tables';

/** How often the publisher reads the restrictions table for what no event announced. */
const SYNC_EVERY_MS = 30_000;

export const federationModule: FastifyPluginAsyncZod = async (app) => {
  // This module's view of the database: its own tables (the module's one cast; the same instance).
  const db = app.db as Kysely<FederationTables>;
  const loop = new FeedSyncLoop(
    () => syncFeed(db, app.config.PUBLIC_URL),
    SYNC_EVERY_MS,
    (error) => app.log.warn({ err: error }, 'federation feed sync failed'),
  );
  const options = {
    trustedHosts: app.config.FEDERATION_TRUSTED_HOSTS.split(',')
      .map((host) => host.trim())
      .filter(Boolean),
    timeoutMs: 15_000,
    pollIntervalMs: app.config.FEDERATION_POLL_INTERVAL_MS,
  };
  const subscriber = new SubscriberLoop(db, options, app.log.child({ module: 'federation' }));
  const off = eventBus(db).on('restriction.changed', 'federation', () => loop.wake());
  app.addHook('onReady', async () => {
    loop.start();
    subscriber.start();
  });
  app.addHook('onClose', async () => {
    off();
    await Promise.all([loop.stop(), subscriber.stop()]);
  });
  await app.register(feedRoutes, { db });
  await app.register(publishingRoutes, { db });
  await app.register(subscriptionsRoutes, { db, loop: subscriber, options });
  await app.register(reviewRoutes, { db });
};

/** The well-known document, served outside /api (app.ts registers it beside the docs module's route). */
export const federationWellKnownModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(federationWellKnownRoute, { db: app.db as Kysely<FederationTables> });
};
