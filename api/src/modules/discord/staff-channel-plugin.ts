import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { eventBus } from '../../lib/event-bus';
import type { StaffItemChanged } from '../../lib/events';
import { readBotSettings } from './bot-settings';
import { markChanged } from './staff-channel-queue';
import { StaffChannelWorker } from './staff-channel-worker';
import { subjectKey } from './staff-messages';
import type { DiscordTables } from './tables';

/**
 * The staff channel (issue 26 item 4): hears report groups and appeals change (on the web, in
 * game or from Discord), queues their message to be posted or edited, and runs the worker
 * that sends the queue. Nothing is queued while no staff channel or bot token is set.
 */
export const staffChannelPlugin: FastifyPluginAsync<{ db: Kysely<DiscordTables> }> = async (app, { db }) => {
  const log = app.log.child({ module: 'discord', part: 'staff-channel' });
  const worker = new StaffChannelWorker({ db, config: app.config, log });
  const queuing = new Set<Promise<void>>();
  const onChange = (change: StaffItemChanged) => {
    const work = (async () => {
      const settings = await readBotSettings(db);
      if (!settings.botToken || !settings.staffChannelId) return;
      await markChanged(db, subjectKey(change), Date.now());
      worker.wake();
    })()
      .catch((error) => log.warn({ err: error, change }, 'queueing a staff channel message failed'))
      .finally(() => queuing.delete(work));
    queuing.add(work);
  };
  const off = eventBus(db).on('staff-item.changed', 'discord/staff-channel', onChange);
  app.addHook('onReady', async () => {
    if (app.config.WEBHOOKS_SEND) worker.start();
  });
  app.addHook('onClose', async () => {
    off();
    await Promise.all([...queuing]);
    await worker.stop();
  });
};
