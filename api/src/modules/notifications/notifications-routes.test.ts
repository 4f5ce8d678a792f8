import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import { openSse } from '../../test-support/sse-client';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { NOTIFY_CHANNEL } from './notifications-fanout';
import { createNotification, createNotificationForUsers, listNotifications } from './notifications-service';

describe.each(testDatabases())('notifications on $name', (kind) => {
  let t: TestApp;
  let base: string;
  let me: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind, { SSE_HEARTBEAT_SECONDS: '0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    me = await signInAs(t, { name: 'Me' });
    other = await signInAs(t, { name: 'Other' });
  });
  afterAll(async () => t?.close());

  const stream = (headers: Record<string, string> = {}) =>
    openSse(`${base}/api/auth/notifications/sse`, { cookie: me.headers.cookie, ...headers });

  it('answers 401 to a signed-out stream and 400 to a malformed Last-Event-ID', async () => {
    expect((await openSse(`${base}/api/auth/notifications/sse`)).status).toBe(401);
    const bad = await stream({ 'last-event-id': 'abc' });
    expect(bad.status).toBe(400);
  });

  it('streams a notification created on the server, with its id, and heartbeats', async () => {
    const old = await createNotification(t.database.db, me.userId, { level: 1, message: 'old, before the stream' });
    // No resume point: the stored backlog first, then what is created while open.
    const sse = await stream();
    expect(sse.status).toBe(200);
    await createNotification(t.database.db, other.userId, { level: 1, message: 'not for me' });
    const created = await createNotification(t.database.db, me.userId, {
      level: 4,
      message: 'Server crashed',
      link: '/admin/servers',
    });
    await sse.waitFor(() => sse.events.length >= 2 && sse.comments.includes('heartbeat'));
    sse.close();
    expect(sse.events).toEqual([
      { id: old.id, data: JSON.stringify(old) },
      { id: created.id, data: JSON.stringify(created) },
    ]);
    expect(JSON.parse(sse.events[1]?.data ?? '')).toMatchObject({
      level: 4,
      message: 'Server crashed',
      link: '/admin/servers',
    });
  });

  it('resumes after Last-Event-ID without losing or repeating anything', async () => {
    const first = await createNotification(t.database.db, me.userId, { level: 2, message: 'one' });
    const missed = [
      await createNotification(t.database.db, me.userId, { level: 3, message: 'two' }),
      await createNotification(t.database.db, me.userId, { level: 0, message: 'three' }),
    ];
    const sse = await stream({ 'last-event-id': first.id });
    await sse.waitFor(() => sse.events.length >= 2);
    const live = await createNotification(t.database.db, me.userId, { level: 1, message: 'four' });
    await sse.waitFor(() => sse.events.length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 150));
    sse.close();
    expect(sse.events.map((event) => event.id)).toEqual([...missed, live].map((n) => n.id));
  });

  const newestOf = async (userId: string) => (await listNotifications(t.database.db, userId)).at(-1)?.id ?? '0';

  it('picks up rows written without an announcement (another process) at the next heartbeat', async () => {
    const sse = await stream({ 'last-event-id': await newestOf(me.userId) });
    await sse.waitFor(() => sse.comments.includes('connected'));
    await t.database.db
      .insertInto('notifications')
      .values({ user_id: me.userId, timestamp: 1, level: 1, message: 'written elsewhere', link: null })
      .execute();
    await sse.waitFor(() => sse.events.some((event) => event.data.includes('written elsewhere')));
    sse.close();
    expect(sse.events).toHaveLength(1);
  });

  it('ends the stream once its session is logged out', async () => {
    const leaver = await signInAs(t, { name: 'Leaver' });
    const sse = await openSse(`${base}/api/auth/notifications/sse`, { cookie: leaver.headers.cookie });
    await sse.waitFor(() => sse.comments.includes('connected'));
    await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: leaver.headers });
    await sse.waitFor(() => sse.ended);
    expect(sse.ended).toBe(true);
  });

  it('broadcasts one notification to many users, each stream getting its own row once', async () => {
    const streams = [
      await stream({ 'last-event-id': await newestOf(me.userId) }),
      await openSse(`${base}/api/auth/notifications/sse?after=${await newestOf(other.userId)}`, {
        cookie: other.headers.cookie,
      }),
    ];
    await Promise.all(streams.map((sse) => sse.waitFor(() => sse.comments.includes('connected'))));
    await createNotificationForUsers(t.database.db, [me.userId, other.userId, me.userId], {
      level: 3,
      message: 'Restart at 9',
    });
    await Promise.all(streams.map((sse) => sse.waitFor(() => sse.events.length >= 1)));
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (const sse of streams) sse.close();
    expect(streams.map((sse) => sse.events.map((event) => JSON.parse(event.data).message))).toEqual([
      ['Restart at 9'],
      ['Restart at 9'],
    ]);
    expect(streams[0]?.events[0]?.id).not.toBe(streams[1]?.events[0]?.id);
  });

  it('lists notifications in the profile and clears them with DELETE (own origin only)', async () => {
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: me.headers });
    expect(profile.json().notifications.length).toBeGreaterThanOrEqual(5);
    const theirs = (await listNotifications(t.database.db, other.userId)).length;
    const refused = [
      await t.app.inject({ method: 'DELETE', url: '/api/auth/notifications' }),
      await t.app.inject({ method: 'DELETE', url: '/api/auth/notifications', headers: { cookie: me.headers.cookie } }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([401, 403]);
    expect((await listNotifications(t.database.db, me.userId)).length).toBeGreaterThanOrEqual(5);
    const cleared = await t.app.inject({ method: 'DELETE', url: '/api/auth/notifications', headers: me.headers });
    expect(cleared.statusCode).toBe(204);
    expect(await listNotifications(t.database.db, me.userId)).toEqual([]);
    expect((await listNotifications(t.database.db, other.userId)).length).toBe(theirs);
  });
});

// Fan-out between instances exists only on PostgreSQL (SQLite runs one instance).
const shared = testDatabases().filter((kind) => kind.name === 'postgres');
if (shared.length > 0) {
  describe.each(shared)('notifications across two API instances on $name', (kind) => {
    let t: TestApp;
    it('a notification created through instance B reaches a stream open on instance A', async () => {
      t = await startTestApp(kind);
      const secondDatabase = openDatabase(t.config.DATABASE_URL);
      const second = await buildApp({ config: t.config, database: secondDatabase });
      try {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const me = await signInAs(t);
        const sse = await openSse(
          `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/auth/notifications/sse`,
          { cookie: me.headers.cookie },
        );
        await new Promise((resolve) => setTimeout(resolve, 300)); // A's LISTEN connection is up
        const created = await createNotification(secondDatabase.db, me.userId, { level: 1, message: 'from B' });
        await sse.waitFor(() => sse.events.length === 1);
        sse.close();
        expect(sse.events[0]?.id).toBe(created.id);
      } finally {
        await second.close();
        await secondDatabase.close();
        await t.close();
      }
    });

    it('a broadcast to more users than one NOTIFY can name goes out as one range, and every stream gets its row once', async () => {
      t = await startTestApp(kind);
      const secondDatabase = openDatabase(t.config.DATABASE_URL);
      const second = await buildApp({ config: t.config, database: secondDatabase });
      // Hears what instances say to each other, as a third instance would.
      const listener = new pg.Client({ connectionString: t.config.DATABASE_URL });
      const payloads: string[] = [];
      try {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        await listener.connect();
        listener.on('notification', (message) => payloads.push(message.payload ?? ''));
        await listener.query(`LISTEN ${NOTIFY_CHANNEL}`);
        const watched = [await signInAs(t, { name: 'First' }), await signInAs(t, { name: 'Second' })];
        const port = (t.app.server.address() as AddressInfo).port;
        const streams = await Promise.all(
          watched.map((user) =>
            openSse(`http://127.0.0.1:${port}/api/auth/notifications/sse`, { cookie: user.headers.cookie }),
          ),
        );
        await Promise.all(streams.map((sse) => sse.waitFor(() => sse.comments.includes('connected'))));
        await new Promise((resolve) => setTimeout(resolve, 300)); // A's LISTEN connection is up
        // 600 more users: their ids joined pass the 7,000-byte payload limit.
        const others = await Promise.all(Array.from({ length: 600 }, (_, i) => signInAs(t, { name: `Crowd ${i}` })));
        const everyone = [...others.slice(0, 200), ...watched, ...others.slice(200)].map((user) => user.userId);
        expect(everyone.join(',').length).toBeGreaterThan(7000);
        await createNotificationForUsers(secondDatabase.db, everyone, { level: 1, message: 'Map vote in 1 minute' });
        await Promise.all(streams.map((sse) => sse.waitFor(() => sse.events.length >= 1)));
        await new Promise((resolve) => setTimeout(resolve, 200)); // nothing more arrives
        for (const sse of streams) sse.close();
        expect(streams.map((sse) => sse.events.map((event) => JSON.parse(event.data).message))).toEqual([
          ['Map vote in 1 minute'],
          ['Map vote in 1 minute'],
        ]);
        expect(payloads).toHaveLength(1);
        expect(payloads[0]).toMatch(/^@\d+-\d+$/);
        const mine = await Promise.all(watched.map((user) => listNotifications(t.database.db, user.userId)));
        expect(streams.map((sse) => sse.events[0]?.id)).toEqual(mine.map((rows) => rows.at(-1)?.id));
      } finally {
        await listener.end();
        await second.close();
        await secondDatabase.close();
        await t.close();
      }
    });
  });
}
