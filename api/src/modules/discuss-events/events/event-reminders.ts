import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { OwnDb } from '../../../db/module-db';
import { nowSeconds } from '../../../lib/clock';
import { notificationsService } from '../../notifications';
import type { DiscussEventsTables } from '../tables';
import { eventLink } from './events-service';

// "Starts within the hour" reminders. Every API instance runs the sweep; each event is
// claimed by ONE of them with a single conditional UPDATE ... RETURNING: on PostgreSQL the
// second UPDATE waits for the first one's row lock, re-reads the row, finds reminded_at set
// and claims nothing; on SQLite writes are serialised anyway. So each attendee is told once
// however many instances run. At most once: a claim whose notification then fails (the
// database went away mid-round) is logged, not retried, since a retry could notify twice.

export const REMINDER_LEAD_SECONDS = 3600;

/** Sends every reminder due now; returns the ids of the events this call claimed. */
export async function sendDueReminders(db: Kysely<DiscussEventsTables>, now = nowSeconds()): Promise<number[]> {
  const claimed = await db
    .updateTable('events')
    .set({ reminded_at: now })
    .where('reminded_at', 'is', null)
    .where('status', '=', 'scheduled')
    .where('starts_at', '>', now)
    .where('starts_at', '<=', now + REMINDER_LEAD_SECONDS)
    .returning(['id', 'title', 'starts_at'])
    .execute();
  for (const event of claimed) {
    const attendees = await db
      .selectFrom('event_rsvps')
      .select('user_id')
      .where('event_id', '=', event.id)
      .where((eb) =>
        eb.or([eb('response', '=', 'maybe'), eb.and([eb('response', '=', 'going'), eb('waitlisted', '=', 0)])]),
      )
      .execute();
    const minutes = Math.max(1, Math.round((event.starts_at - now) / 60));
    await notificationsService.createNotificationForUsers(
      db,
      attendees.map((row) => row.user_id),
      {
        level: 1,
        words: { key: 'notifications.event.startsSoon', params: { title: event.title, minutes } },
        link: eventLink(event),
      },
    );
  }
  return claimed.map((event) => Number(event.id));
}

/** Runs the sweep every EVENT_REMINDER_INTERVAL_MS from when the app is ready until it closes. */
export const eventRemindersPlugin = fp(async (app: FastifyInstance, { db }: OwnDb<DiscussEventsTables>) => {
  const intervalMs = app.config.EVENT_REMINDER_INTERVAL_MS;
  if (intervalMs === 0) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    running = sendDueReminders(db)
      .then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, 'event reminders failed; retrying next round'),
      )
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, Math.min(intervalMs, 1000));
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
});
