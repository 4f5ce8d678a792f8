// The panel module's door: site administration (issue 11) and first-time setup.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventBus } from '../../lib/event-bus';
import { alertOnInstance, alertOnSweep, alertsRoutes } from './alerts';
import { announcementsRoutes } from './announcements';
import { InstanceHeartbeat, panelHealthRoutes } from './health';
import { credentialCheckRoutes, settingsRoutes } from './settings';
import { setupRoutes } from './setup-routes';
import { assignOwner, ownerExists } from './setup-service';
import { webhooksPlugin } from './webhooks';

export const panelModule: FastifyPluginAsyncZod = async (app) => {
  const heartbeat = new InstanceHeartbeat(app.db);
  const log = app.log.child({ module: 'panel' });
  // Alerts are worked off one at a time, in the order the events came: two sweeps never
  // race on the same server's alert state.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>, what: string) => {
    queue = queue.then(work).catch((error) => log.warn({ err: error }, `${what} failed`));
  };
  const bus = eventBus(app.db);
  const unsubscribe = [
    bus.on('sweep.finished', 'panel/health', (sweep) => heartbeat.recordSweep(sweep)),
    bus.on('sweep.finished', 'panel/alerts', (sweep) =>
      enqueue(() => alertOnSweep(app.db, sweep), 'server status alerts'),
    ),
    bus.on('instance.outcome', 'panel/alerts', (outcome) =>
      enqueue(() => alertOnInstance(app.db, outcome), 'instance alerts'),
    ),
  ];
  app.addHook('onReady', async () => heartbeat.start((error) => log.warn({ err: error }, 'instance heartbeat failed')));
  app.addHook('onClose', async () => {
    for (const off of unsubscribe) off();
    await queue;
    await heartbeat.stop();
  });

  await app.register(setupRoutes);
  await app.register(settingsRoutes);
  await app.register(credentialCheckRoutes);
  await app.register(announcementsRoutes);
  await app.register(alertsRoutes);
  await app.register(panelHealthRoutes, { heartbeat });
  await app.register(webhooksPlugin);
};

/** What other modules may call. */
export const panelService = { alertOnSweep, alertOnInstance, assignOwner, ownerExists };
