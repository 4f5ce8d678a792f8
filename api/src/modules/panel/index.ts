// The panel module's door: site administration (issue 11) and first-time setup.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Door } from '../../db/module-db';
import { eventBus } from '../../lib/event-bus';
import { alertOnInstance, alertOnSweep, alertsRoutes } from './alerts';
import { announcementsRoutes } from './announcements';
import { InstanceHeartbeat, panelHealthRoutes } from './health';
import { credentialCheckRoutes, settingsRoutes } from './settings';
import { setupRoutes } from './setup-routes';
import { assignOwner, ownerExists } from './setup-service';
import type { PanelTables } from './tables';
import { webhooksPlugin } from './webhooks';

export const panelModule: FastifyPluginAsyncZod = async (app) => {
  // This module's view of the database: its own tables (the module's one cast; the same instance).
  const db = app.db as Kysely<PanelTables>;
  const heartbeat = new InstanceHeartbeat(db);
  const log = app.log.child({ module: 'panel' });
  // Alerts are worked off one at a time, in the order the events came: two sweeps never
  // race on the same server's alert state.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>, what: string) => {
    queue = queue.then(work).catch((error) => log.warn({ err: error }, `${what} failed`));
  };
  const bus = eventBus(db);
  const unsubscribe = [
    bus.on('sweep.finished', 'panel/health', (sweep) => heartbeat.recordSweep(sweep)),
    bus.on('sweep.finished', 'panel/alerts', (sweep) => enqueue(() => alertOnSweep(db, sweep), 'server status alerts')),
    bus.on('instance.outcome', 'panel/alerts', (outcome) =>
      enqueue(() => alertOnInstance(db, outcome), 'instance alerts'),
    ),
  ];
  app.addHook('onReady', async () => heartbeat.start((error) => log.warn({ err: error }, 'instance heartbeat failed')));
  app.addHook('onClose', async () => {
    for (const off of unsubscribe) off();
    await queue;
    await heartbeat.stop();
  });

  await app.register(setupRoutes, { db });
  await app.register(settingsRoutes, { db });
  await app.register(credentialCheckRoutes, { db });
  await app.register(announcementsRoutes, { db });
  await app.register(alertsRoutes, { db });
  await app.register(panelHealthRoutes, { db, heartbeat });
  await app.register(webhooksPlugin, { db });
};

const panelDoor = { alertOnSweep, alertOnInstance, assignOwner, ownerExists };

/**
 * What other modules may call. Callers hand over their own view of the database (the same instance, or their
 * transaction); this door sees its own tables through it.
 */
export const panelService = panelDoor as unknown as Door<typeof panelDoor>;
