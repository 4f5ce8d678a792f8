import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { type DatabaseHandle, openDatabase } from '../../../db/database';
import { migrateToLatest } from '../../../db/migrate';
import { nowSeconds } from '../../../lib/clock';
import { type SignedIn, signInAs, type TestApp, testConfig } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { sendDueReminders } from './event-reminders';
import { createEventAs, futureEvent, HOUR, members, notificationsOf, rsvp, startEventsApp } from './events-test-kit';

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testDatabases())('event reminders on $name', (kind) => {
  let t: TestApp;
  let manager: SignedIn;
  beforeAll(async () => {
    ({ t, manager } = await startEventsApp(kind));
  });
  afterAll(async () => t?.close());

  it('fires once, within the hour before the start, to those going (not waiting) and maybe', async () => {
    // The clock is passed in: "now" is whatever the test says, relative to the event's start.
    const start = nowSeconds() + 5 * 24 * HOUR;
    const event = await createEventAs(
      t,
      manager,
      futureEvent({ title: 'Clocked', startsAt: start, endsAt: start + HOUR, capacity: 1 }),
    );
    const [going, waiting, maybe, declined] = await members(t, ['Going', 'Waiting', 'Maybe', 'Declined']);
    await rsvp(t, going, event.id, 'going');
    await rsvp(t, waiting, event.id, 'going');
    await rsvp(t, maybe, event.id, 'maybe');
    await rsvp(t, declined, event.id, 'not_going');

    expect(await sendDueReminders(t.database.db, start - 2 * HOUR)).not.toContain(event.id);
    expect(await sendDueReminders(t.database.db, start - HOUR - 1)).not.toContain(event.id);
    expect(await sendDueReminders(t.database.db, start - 45 * 60)).toContain(event.id);
    expect(await sendDueReminders(t.database.db, start - 44 * 60)).not.toContain(event.id);
    expect(await sendDueReminders(t.database.db, start - 60)).not.toContain(event.id);

    expect(await notificationsOf(t, going.userId)).toEqual(['“Clocked” starts in 45 minutes']);
    expect(await notificationsOf(t, maybe.userId)).toEqual(['“Clocked” starts in 45 minutes']);
    expect(await notificationsOf(t, waiting.userId)).toEqual([]);
    expect(await notificationsOf(t, declined.userId)).toEqual([]);
    const link = await t.database.db
      .selectFrom('notifications')
      .select('link')
      .where('user_id', '=', going.userId)
      .executeTakeFirstOrThrow();
    expect(link.link).toBe(`/events/${event.id}/clocked`);
  });

  it('fires again for a new start time, never for a cancelled or already started event', async () => {
    const start = nowSeconds() + 6 * 24 * HOUR;
    const moved = await createEventAs(
      t,
      manager,
      futureEvent({ title: 'Moved', startsAt: start, endsAt: start + HOUR }),
    );
    const [who] = await members(t, ['Mover']);
    await rsvp(t, who, moved.id, 'going');
    expect(await sendDueReminders(t.database.db, start - 30 * 60)).toContain(moved.id);
    const later = start + 24 * HOUR;
    await t.app.inject({
      method: 'PUT',
      url: `/api/events/${moved.id}`,
      headers: manager.headers,
      payload: futureEvent({ title: 'Moved', startsAt: later, endsAt: later + HOUR }),
    });
    expect(await sendDueReminders(t.database.db, start - 30 * 60)).not.toContain(moved.id);
    expect(await sendDueReminders(t.database.db, later - 10 * 60)).toContain(moved.id);
    expect((await notificationsOf(t, who.userId)).filter((m) => m.includes('starts in'))).toEqual([
      '“Moved” starts in 30 minutes',
      '“Moved” starts in 10 minutes',
    ]);

    const cancelled = await createEventAs(
      t,
      manager,
      futureEvent({ title: 'Off', startsAt: start, endsAt: start + HOUR }),
    );
    await t.app.inject({ method: 'POST', url: `/api/events/${cancelled.id}/cancel`, headers: manager.headers });
    expect(await sendDueReminders(t.database.db, start - 30 * 60)).not.toContain(cancelled.id);
    const started = await createEventAs(
      t,
      manager,
      futureEvent({ title: 'Late', startsAt: start, endsAt: start + HOUR }),
    );
    expect(await sendDueReminders(t.database.db, start + 60)).not.toContain(started.id);
  });
});

// Several API instances on one database, every one running the reminder loop: each attendee
// must get exactly one reminder per event. (On SQLite the instances are two connections to
// one file in this process; on PostgreSQL two pools, the real scale-out shape.)
describe.each(testDatabases())('reminders with two API instances on $name', (kind) => {
  const instances: Array<{ app: FastifyInstance; database: DatabaseHandle }> = [];
  let drop: () => Promise<void>;
  let t: TestApp;
  beforeAll(async () => {
    const created = await kind.create();
    drop = created.drop;
    for (let i = 0; i < 2; i += 1) {
      const config = testConfig(created.url, { EVENT_REMINDER_INTERVAL_MS: '20' });
      const database = openDatabase(config.DATABASE_URL, { sqliteBusyWaitMs: 5000 });
      if (i === 0) await migrateToLatest(database.db);
      const app = await buildApp({ config, database });
      await app.ready();
      instances.push({ app, database });
    }
    // The test drives the first instance as a client would (it is a TestApp with no drop of its own).
    const [first] = instances as [{ app: FastifyInstance; database: DatabaseHandle }];
    t = {
      app: first.app,
      database: first.database,
      config: loadConfig({ DATABASE_URL: created.url }),
      close: async () => undefined,
    };
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await drop?.();
  });

  it('both loops running: exactly one reminder per attendee per event', async () => {
    const manager = await signInAs(t, { name: 'Organiser', codes: ['events.manage'] });
    const crowd = await members(t, ['P1', 'P2', 'P3', 'P4', 'P5']);
    // Created far off (no reminder yet), answered, then all moved into the hour at once.
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const event = await createEventAs(t, manager, futureEvent({ title: `Race ${i}` }));
      for (const who of crowd) await rsvp(t, who, event.id, 'going');
      ids.push(event.id);
    }
    await t.database.db
      .updateTable('events')
      .set({ starts_at: nowSeconds() + 30 * 60, reminded_at: null })
      .where('id', 'in', ids)
      .execute();
    // Besides the two loops, hammer the claim from both instances at once.
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sendDueReminders((instances[i % 2] as { database: DatabaseHandle }).database.db),
      ),
    );
    await until(async () => {
      const rows = await t.database.db.selectFrom('events').select('reminded_at').where('id', 'in', ids).execute();
      return rows.every((row) => row.reminded_at !== null);
    });
    // Let both loops run many more rounds: nothing more may be sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const who of crowd) {
      const reminders = (await notificationsOf(t, who.userId)).filter((message) => message.includes('starts in'));
      expect(reminders).toHaveLength(ids.length);
      expect(new Set(reminders).size).toBe(ids.length);
    }
    // The manual claims never claimed an event twice between them.
    const claimedByHand = claims.flat();
    expect(new Set(claimedByHand).size).toBe(claimedByHand.length);
  });
});
