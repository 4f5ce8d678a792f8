import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OwnDb } from '../../../db/module-db';
import type { ServersTables } from '../tables';
import { StatusPoller } from './status-poller';

/** Starts the status poller when the app is ready (unless POLLER_ENABLED=false) and stops it on close. */
export const statusPollerPlugin = fp(async (app: FastifyInstance, { db }: OwnDb<ServersTables>) => {
  if (!app.config.POLLER_ENABLED) return;
  const poller = new StatusPoller(
    db,
    app.dialect,
    {
      intervalMs: app.config.POLL_INTERVAL_MS,
      timeoutMs: app.config.POLL_TIMEOUT_MS,
      concurrency: app.config.POLL_CONCURRENCY,
    },
    app.log.child({ module: 'status-poller' }),
  );
  app.addHook('onReady', async () => poller.start());
  app.addHook('onClose', async () => poller.stop());
});
