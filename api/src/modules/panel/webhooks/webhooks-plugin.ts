import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import { COMMUNITY_EVENT_KINDS, type CommunityEvent } from '../../../lib/community-events';
import { eventBus } from '../../../lib/event-bus';
import type { PanelTables } from '../tables';
import { DeliveryWorker } from './delivery-worker';
import { webhooksRoutes } from './webhooks-routes';
import { queueCommunityEvent } from './webhooks-service';

/**
 * Discord webhooks (issue 15): listens to the community's events and queues a delivery per
 * subscribed webhook, without the request that raised the event waiting for it (the insert
 * runs after the emit returns; a failure is only logged), and runs the delivery worker.
 */
export const webhooksPlugin: FastifyPluginAsyncZod<OwnDb<PanelTables>> = async (app, { db }) => {
  const log = app.log.child({ module: 'panel', part: 'webhooks' });
  const worker = new DeliveryWorker({ db, config: app.config, log });
  const queuing = new Set<Promise<void>>();
  const onEvent = (event: CommunityEvent) => {
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => queueCommunityEvent(db, app.config, event))
      .then((queued) => {
        if (queued > 0) worker.wake();
      })
      .catch((error) => log.warn({ err: error, key: event.key }, 'queueing a webhook delivery failed'))
      .finally(() => queuing.delete(work));
    queuing.add(work);
  };
  const bus = eventBus(db);
  const unsubscribe = COMMUNITY_EVENT_KINDS.map((kind) => bus.on(kind, 'panel/webhooks', onEvent));
  app.addHook('onReady', async () => {
    if (app.config.WEBHOOKS_SEND) worker.start();
  });
  app.addHook('onClose', async () => {
    for (const off of unsubscribe) off();
    await Promise.all([...queuing]);
    await worker.stop();
  });
  await app.register(webhooksRoutes, { db, worker });
};
