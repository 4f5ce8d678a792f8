import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { eventBus } from '../../lib/event-bus';
import type { StaffItemChanged } from '../../lib/events';
import { readBotSettings } from './bot-settings';
import { BotWorker } from './bot-worker';
import { roleLinksRoutes } from './role-links-routes';
import { recomputeMember, roleSyncSweep } from './role-sync';
import { markChanged } from './staff-channel-queue';
import { StaffChannelSweep } from './staff-channel-worker';
import { subjectKey } from './staff-messages';
import type { DiscordTables } from './tables';

/**
 * The bot's durable queues (issue 26 items 4 and 5): the staff channel hears report groups and
 * appeals change (on the web, in game or from Discord) and queues their message to be posted
 * or edited; role sync hears accounts' roles and Discord links change and queues the guild
 * role changes. One worker sends both. Nothing is queued while the bot is not set up for it.
 */
export const staffChannelPlugin: FastifyPluginAsync<{ db: Kysely<DiscordTables> }> = async (app, { db }) => {
  const log = app.log.child({ module: 'discord', part: 'bot-queues' });
  const staffChannel = new StaffChannelSweep({ db, config: app.config, log });
  const worker = new BotWorker(log, app.config.WEBHOOK_POLL_INTERVAL_MS, [
    staffChannel.sweep,
    roleSyncSweep(db, app.config),
  ]);
  const queuing = new Set<Promise<void>>();
  const queue = (what: string, work: () => Promise<boolean>) => {
    const running = work()
      .then((queued) => {
        if (queued) worker.wake();
      })
      .catch((error) => log.warn({ err: error }, `queueing ${what} failed`))
      .finally(() => queuing.delete(running));
    queuing.add(running);
  };
  const onItem = (change: StaffItemChanged) =>
    queue('a staff channel message', async () => {
      const settings = await readBotSettings(db);
      if (!settings.botToken || !settings.staffChannelId) return false;
      await markChanged(db, subjectKey(change), Date.now());
      return true;
    });
  const onMembers = ({ userIds }: { userIds: string[] }) =>
    queue('Discord role changes', async () => {
      let queued = false;
      for (const userId of userIds) queued = (await recomputeMember(db, userId, Date.now())) || queued;
      return queued;
    });
  const bus = eventBus(db);
  const offs = [
    bus.on('staff-item.changed', 'discord/staff-channel', onItem),
    bus.on('member-roles.changed', 'discord/role-sync', onMembers),
  ];
  app.addHook('onReady', async () => {
    if (app.config.WEBHOOKS_SEND) worker.start();
  });
  app.addHook('onClose', async () => {
    for (const off of offs) off();
    await Promise.all([...queuing]);
    await worker.stop();
    await staffChannel.release(worker.runner).catch(() => undefined);
  });
  await app.register(roleLinksRoutes, { db, resync: onMembers, wake: () => worker.wake() });
};
