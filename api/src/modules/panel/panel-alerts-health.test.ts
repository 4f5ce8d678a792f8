import { panelHealthSchema } from '@outpost/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBus } from '../../lib/event-bus';
import { callAs, rowCount } from '../../test-support/app-queries';
import { groupRow, serverRow } from '../../test-support/server-rows';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { notificationsService } from '../notifications';

// The panel's server and instance alerts, and its health report (split from panel-routes.test.ts).

describe.each(testDatabases())('panel alerts and health on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await signInAs(t, { name: 'Owner', flags: 'z', immunity: 100 });
    await signInAs(t, { name: 'Plain Player' });
  });
  afterAll(async () => t?.close());

  const call = (who: SignedIn | null, request: InjectOptions) => callAs(t, who, request);
  const db = () => t.database.db;
  const countRows = (table: 'roles' | 'settings' | 'notifications' | 'panel_alert_subscriptions') => rowCount(t, table);

  describe('alerts', () => {
    const sweep = (at: number, statuses: { id: string; online: boolean }[]) => {
      eventBus(db()).emit('sweep.finished', {
        at,
        durationMs: 12,
        servers: statuses.length,
        answered: 1,
        statuses,
      });
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
    /** Waits (up to 5 s) for something the alert queue does after an event. */
    const until = async (condition: () => Promise<boolean>) => {
      const deadline = Date.now() + 5000;
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error('condition not met within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };

    it('subscribed staff hear a server go offline and come back, at most once per 10 minutes while it flaps', async () => {
      await db()
        .insertInto('server_groups')
        .values(groupRow({ id: 'g-alerts', name: 'Alert group' }))
        .execute();
      await db()
        .insertInto('servers')
        .values(serverRow({ id: 's-alerts', group_id: 'g-alerts', name: 'Versus #1', port: 27015 }))
        .execute();
      const staff = await signInAs(t, { name: 'On call', codes: ['panel.alerts'] });
      const optedOut = await signInAs(t, { name: 'Off duty', codes: ['panel.alerts'] });
      const player = await signInAs(t, { name: 'Not staff' });
      const subscribed = await call(staff, {
        method: 'PUT',
        url: '/api/panel/alerts',
        payload: { serverStatus: true, instances: true },
      });
      expect(subscribed.json()).toEqual({ serverStatus: true, instances: true });
      expect((await call(optedOut, { method: 'GET', url: '/api/panel/alerts' })).json()).toEqual({
        serverStatus: false,
        instances: false,
      });
      const messages = async (who: SignedIn) =>
        (await notificationsService.listNotifications(db(), who.userId)).map((n) => n.message);
      const t0 = 1_800_000_000;
      sweep(t0, [{ id: 's-alerts', online: true }]); // first seen: recorded only
      sweep(t0 + 15, [{ id: 's-alerts', online: false }]);
      await until(async () => (await messages(staff)).length === 1);
      // Flapping: quiet for 10 minutes after the alert, whatever it does...
      sweep(t0 + 30, [{ id: 's-alerts', online: true }]);
      sweep(t0 + 45, [{ id: 's-alerts', online: false }]);
      sweep(t0 + 300, [{ id: 's-alerts', online: true }]);
      // ...then the state it ended in is told once.
      sweep(t0 + 15 + 600, [{ id: 's-alerts', online: true }]);
      sweep(t0 + 15 + 615, [{ id: 's-alerts', online: true }]);
      await until(async () => (await messages(staff)).length >= 2);
      await settle();
      expect(await messages(staff)).toEqual([
        'Server "Versus #1" went offline (unresponsive or unreachable)',
        'Server "Versus #1" is back online',
      ]);
      expect(await messages(optedOut)).toEqual([]);
      expect(await messages(player)).toEqual([]);
    });

    it('new instance ready or failed reaches subscribers; losing panel.alerts stops alerts', async () => {
      const staff = await signInAs(t, { name: 'Instance watcher', codes: ['panel.alerts'] });
      await call(staff, { method: 'PUT', url: '/api/panel/alerts', payload: { serverStatus: false, instances: true } });
      const emit = (ok: boolean, detail: string) =>
        eventBus(db()).emit('instance.outcome', { groupName: 'Docker', ok, detail, serverId: ok ? detail : null });
      emit(true, 'Docker #3');
      emit(false, 'image missing');
      await until(async () => (await notificationsService.listNotifications(db(), staff.userId)).length === 2);
      expect(
        (await notificationsService.listNotifications(db(), staff.userId)).map((n) => [n.level, n.message]),
      ).toEqual([
        [2, 'New instance "Docker #3" of group "Docker" is ready'],
        [4, 'Creating a new instance of group "Docker" failed: image missing'],
      ]);
      await db().updateTable('users').set({ permission_codes: '[]' }).where('id', '=', staff.userId).execute();
      emit(true, 'Docker #4');
      await settle();
      expect(await notificationsService.listNotifications(db(), staff.userId)).toHaveLength(2);
    });

    it('refuses a malformed subscription (400, nothing stored)', async () => {
      const staff = await signInAs(t, { codes: ['panel.alerts'] });
      const before = await countRows('panel_alert_subscriptions');
      for (const payload of [
        { serverStatus: 'yes', instances: true },
        { serverStatus: true },
        {},
        { serverStatus: true, instances: true, all: 1 },
      ]) {
        expect((await call(staff, { method: 'PUT', url: '/api/panel/alerts', payload })).statusCode).toBe(400);
      }
      expect(await countRows('panel_alert_subscriptions')).toBe(before);
    });
  });

  describe('health', () => {
    it('reports the database, and this instance with version, uptime, open streams and the last sweep', async () => {
      eventBus(db()).emit('sweep.finished', {
        at: 1_800_000_100,
        durationMs: 321,
        servers: 4,
        answered: 3,
        statuses: [],
      });
      const viewer = await signInAs(t, { codes: ['panel.view'] });
      const response = await call(viewer, { method: 'GET', url: '/api/panel/health' });
      expect(response.statusCode).toBe(200);
      const health = panelHealthSchema.parse(response.json());
      expect(health.database).toMatchObject({ kind: kind.name, reachable: true });
      const self = health.instances.find((instance) => instance.id === health.thisInstance);
      expect(self).toMatchObject({
        version: '0.1.0',
        openStreams: 0,
        poller: { lastSweepAt: 1_800_000_100, durationMs: 321, servers: 4, answered: 3 },
      });
      expect(self?.uptimeSeconds).toBeGreaterThanOrEqual(0);
      // Its heartbeat row is what other instances list.
      const rows = await db().selectFrom('panel_instances').select('id').execute();
      expect(rows.map((row) => row.id)).toContain(health.thisInstance);
    });
  });
});
