import { metaResponseSchema, panelSettingsSchema } from '@outpost/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import { auditMessages, callAs, rowCount } from '../../test-support/app-queries';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { notificationsService } from '../notifications';

type Inject = InjectOptions;

describe.each(testDatabases())('panel API on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, { name: 'Owner', flags: 'z', immunity: 100 });
    await signInAs(t, { name: 'Plain Player' });
  });
  afterAll(async () => t?.close());

  const call = (who: SignedIn | null, request: InjectOptions) => callAs(t, who, request);
  const db = () => t.database.db;
  const countRows = (table: 'roles' | 'settings' | 'notifications' | 'panel_alert_subscriptions') => rowCount(t, table);

  async function createRole(who: SignedIn, body: Record<string, unknown>) {
    return call(who, { method: 'POST', url: '/api/panel/roles', payload: body });
  }

  describe('permission matrix: every endpoint refuses the signed-out (401) and those without its code (403)', () => {
    const endpoints: { code: string; request: Inject }[] = [
      { code: 'panel.settings', request: { method: 'GET', url: '/api/panel/settings' } },
      { code: 'panel.settings', request: { method: 'PUT', url: '/api/panel/settings', payload: { domain: 'x.org' } } },
      { code: 'panel.roles', request: { method: 'GET', url: '/api/panel/roles' } },
      {
        code: 'panel.roles',
        request: {
          method: 'POST',
          url: '/api/panel/roles',
          payload: { name: 'X', codes: [], flags: '', immunityLevel: 0 },
        },
      },
      { code: 'panel.roles', request: { method: 'PATCH', url: '/api/panel/roles/nope', payload: { name: 'Y' } } },
      { code: 'panel.roles', request: { method: 'DELETE', url: '/api/panel/roles/nope' } },
      { code: 'panel.roles', request: { method: 'GET', url: '/api/panel/roles/nope/holders' } },
      {
        code: 'panel.roles',
        request: { method: 'POST', url: '/api/panel/roles/nope/holders', payload: { userId: 'u' } },
      },
      { code: 'panel.roles', request: { method: 'DELETE', url: '/api/panel/roles/nope/holders/u' } },
      { code: 'panel.roles', request: { method: 'GET', url: '/api/panel/users?q=a' } },
      {
        code: 'panel.announce',
        request: {
          method: 'POST',
          url: '/api/panel/announcements',
          payload: { audience: { kind: 'everyone' }, level: 1, message: 'hi' },
        },
      },
      { code: 'panel.announce', request: { method: 'GET', url: '/api/panel/announcements/audiences' } },
      { code: 'panel.alerts', request: { method: 'GET', url: '/api/panel/alerts' } },
      {
        code: 'panel.alerts',
        request: { method: 'PUT', url: '/api/panel/alerts', payload: { serverStatus: true, instances: true } },
      },
      { code: 'panel.view', request: { method: 'GET', url: '/api/panel/health' } },
      // Discord webhooks (issue 15; their own refused cases and more in webhooks/webhooks.test.ts).
      { code: 'webhooks.manage', request: { method: 'GET', url: '/api/panel/webhooks' } },
      { code: 'webhooks.manage', request: { method: 'POST', url: '/api/panel/webhooks/nope/test' } },
      { code: 'webhooks.manage', request: { method: 'DELETE', url: '/api/panel/webhooks/nope' } },
      {
        code: 'panel.settings',
        request: { method: 'PUT', url: '/api/panel/webhooks/settings', payload: { allowAnyHttps: false } },
      },
    ];

    it.each(endpoints)('$request.method $request.url needs $code', async ({ code, request }) => {
      const before = await Promise.all([countRows('roles'), countRows('settings'), countRows('notifications')]);
      const anonymous = await call(null, request);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
      const wrong = await signInAs(t, { codes: ['panel.view-nothing', 'bans.*'] });
      const refused = await call(wrong, request);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('FORBIDDEN');
      expect(await Promise.all([countRows('roles'), countRows('settings'), countRows('notifications')])).toEqual(
        before,
      );
      // The code alone lets the request through the guard (it may still fail on its own merits).
      const holder = await signInAs(t, { codes: [code] });
      const allowed = await call(holder, request);
      expect([401, 403]).not.toContain(allowed.statusCode);
      expect(allowed.statusCode).toBeLessThan(500);
    });
  });

  describe('site settings', () => {
    it('saving the notice changes /api/meta at once, and is audited with before and after', async () => {
      const notice = { enabled: true, text: 'Maintenance **tonight**', class: 'is-warning' };
      const saved = await call(owner, { method: 'PUT', url: '/api/panel/settings', payload: { notice } });
      expect(saved.statusCode).toBe(200);
      expect(panelSettingsSchema.parse(saved.json()).notice).toEqual(notice);
      const meta = metaResponseSchema.parse((await call(null, { method: 'GET', url: '/api/meta' })).json());
      expect(meta.settings.notice).toEqual(notice);
      const line = (await auditMessages(t)).at(-1) ?? '';
      expect(line).toContain('changed site settings: before {"notice":{"enabled":false');
      expect(line).toContain('after {"notice":{"enabled":true,"text":"Maintenance **tonight**"');
    });

    it('sets the domain, links and thresholds that /api/meta, /links and new instances use', async () => {
      const response = await call(owner, {
        method: 'PUT',
        url: '/api/panel/settings',
        payload: {
          domain: 'play.example.org',
          links: { stats: 'https://stats.example.org', discord: 'https://discord.gg/abc' },
          thresholds: { cpu: 2.5, memory: 0.2 },
        },
      });
      expect(response.statusCode).toBe(200);
      const settings = panelSettingsSchema.parse(response.json());
      expect(settings.links).toEqual({
        stats: 'https://stats.example.org',
        extendedStats: '',
        steamGroup: '',
        discord: 'https://discord.gg/abc',
      });
      expect(settings.thresholds).toEqual({ cpu: 2.5, memory: 0.2 });
      expect((await call(null, { method: 'GET', url: '/api/meta' })).json().settings.domain).toBe('play.example.org');
      const discord = await call(null, { method: 'GET', url: '/api/admins/discord' });
      expect(discord.statusCode).toBe(302);
      expect(discord.headers.location).toBe('https://discord.gg/abc');
      // Clearing a link: '' removes it.
      await call(owner, { method: 'PUT', url: '/api/panel/settings', payload: { links: { discord: '' } } });
      expect((await call(null, { method: 'GET', url: '/api/admins/discord' })).statusCode).toBe(404);
      await call(owner, {
        method: 'PUT',
        url: '/api/panel/settings',
        payload: { domain: '', thresholds: { cpu: null } },
      });
      const after = panelSettingsSchema.parse(
        (await call(owner, { method: 'GET', url: '/api/panel/settings' })).json(),
      );
      expect(after.domain).toBe('');
      expect(after.effectiveDomain).toBe('outpost.test');
      expect(after.thresholds).toEqual({ cpu: null, memory: 0.2 });
    });

    it('never shows a secret back: only whether it is set; clearing works; the audit says set, not the value', async () => {
      const key = 'ABCDEF0123456789ABCDEF0123456789';
      const dsn = 'https://publickey@sentry.example.org/42';
      const set = await call(owner, {
        method: 'PUT',
        url: '/api/panel/settings',
        payload: { steamApiKey: key, sentryDsn: dsn },
      });
      expect(set.statusCode).toBe(200);
      expect(set.body).not.toContain(key);
      expect(set.body).not.toContain('publickey');
      expect(set.json().secrets).toEqual({
        steamApiKey: { set: true, source: 'settings' },
        sentryDsn: { set: true, source: 'settings' },
      });
      const read = await call(owner, { method: 'GET', url: '/api/panel/settings' });
      expect(read.body).not.toContain(key);
      expect(read.json().signIn.steam.namesAndAvatars).toBe(true);
      // The DSN is the browser's to use: /api/meta carries it, as with SENTRY_DSN.
      expect((await call(null, { method: 'GET', url: '/api/meta' })).json().sentry.dsn).toBe(dsn);
      const audit = (await auditMessages(t)).join('\n');
      expect(audit).not.toContain(key);
      expect(audit).toContain('"steamApiKey":"set"');
      const cleared = await call(owner, {
        method: 'PUT',
        url: '/api/panel/settings',
        payload: { steamApiKey: null, sentryDsn: null },
      });
      expect(cleared.json().secrets.steamApiKey).toEqual({ set: false, source: 'none' });
      expect((await call(null, { method: 'GET', url: '/api/meta' })).json().sentry).toBeNull();
    });

    it.each([
      ['a notice class outside the list', { notice: { enabled: true, text: 'x', class: 'evil" onload="x' } }],
      ['a notice without text', { notice: { enabled: true, class: 'is-info' } }],
      ['a javascript: link', { links: { stats: 'javascript:alert(1)' } }],
      ['a link that is no URL', { links: { steamGroup: 'steam group' } }],
      ['a domain with a path', { domain: 'example.org/evil' }],
      ['a domain with port 0', { domain: 'play.example.org:0' }],
      ['a domain with port 65536', { domain: 'play.example.org:65536' }],
      ['a domain with port 99999', { domain: 'play.example.org:99999' }],
      ['a domain with a six-digit port', { domain: 'play.example.org:123456' }],
      ['a domain with a zero-padded port', { domain: 'play.example.org:00080' }],
      ['a domain with an empty port', { domain: 'play.example.org:' }],
      ['a CPU threshold of -1', { thresholds: { cpu: -1 } }],
      ['a memory threshold above 1', { thresholds: { memory: 1.5 } }],
      ['a threshold as text', { thresholds: { cpu: '0.5' } }],
      ['a Steam key with spaces', { steamApiKey: 'abc def ghi jkl' }],
      ['a DSN that is not one', { sentryDsn: 'https://sentry.example.org' }],
      ['an unknown field', { siteOwner: 'me' }],
      ['a body that is not an object', []],
    ])('refuses %s with 400 and stores nothing', async (_name, payload) => {
      const before = await db().selectFrom('settings').selectAll().orderBy('key').execute();
      const response = await call(owner, { method: 'PUT', url: '/api/panel/settings', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
      expect(await db().selectFrom('settings').selectAll().orderBy('key').execute()).toEqual(before);
    });

    it('keeps a domain whose port is in range, from 1 to 65535', async () => {
      for (const domain of ['play.example.org:1', 'play.example.org:8080', 'play.example.org:65535']) {
        const response = await call(owner, { method: 'PUT', url: '/api/panel/settings', payload: { domain } });
        expect(response.statusCode, domain).toBe(200);
        expect((await call(null, { method: 'GET', url: '/api/meta' })).json().settings.domain).toBe(domain);
      }
    });

    it('a change saved on one instance shows in /api/meta on another within the cache time', async () => {
      const secondDatabase = openDatabase(t.config.DATABASE_URL);
      const second = await buildApp({ config: t.config, database: secondDatabase });
      try {
        // Warm the second instance's cache with the old notice first.
        await second.inject({ method: 'GET', url: '/api/meta' });
        const notice = { enabled: true, text: 'Saved on instance A', class: 'is-info' };
        await call(owner, { method: 'PUT', url: '/api/panel/settings', payload: { notice } });
        const deadline = Date.now() + 5000;
        let seen = '';
        while (Date.now() < deadline && seen !== notice.text) {
          seen = (await second.inject({ method: 'GET', url: '/api/meta' })).json().settings.notice.text;
          if (seen !== notice.text) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(seen).toBe(notice.text);
      } finally {
        await second.close();
        await secondDatabase.close();
      }
    });
  });

  describe('announcements', () => {
    it('reach everyone, a role or one user, with level and link, and are audited', async () => {
      const role = (await createRole(owner, { name: 'Announced', codes: [], flags: '', immunityLevel: 0 })).json();
      const member = await signInAs(t, { name: 'Role member' });
      const bystander = await signInAs(t, { name: 'Bystander' });
      await call(owner, {
        method: 'POST',
        url: `/api/panel/roles/${role.id}/holders`,
        payload: { userId: member.userId },
      });
      const toRole = await call(owner, {
        method: 'POST',
        url: '/api/panel/announcements',
        payload: { audience: { kind: 'role', roleId: role.id }, level: 3, message: 'Meeting at 8', link: '/events' },
      });
      expect(toRole.statusCode).toBe(201);
      const audiences = (await call(owner, { method: 'GET', url: '/api/panel/announcements/audiences' })).json();
      expect(audiences.roles).toContainEqual({ id: role.id, name: 'Announced', holders: 1 });
      expect(toRole.json()).toEqual({ recipients: 1 });
      expect(
        (await notificationsService.listNotifications(db(), member.userId)).map((n) => [n.level, n.message, n.link]),
      ).toEqual([[3, 'Meeting at 8', '/events']]);
      expect(await notificationsService.listNotifications(db(), bystander.userId)).toEqual([]);
      const toOne = await call(owner, {
        method: 'POST',
        url: '/api/panel/announcements',
        payload: { audience: { kind: 'user', userId: bystander.userId }, level: 1, message: 'Hello you' },
      });
      expect(toOne.json()).toEqual({ recipients: 1 });
      const users = Number(
        (
          await db()
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const toAll = await call(owner, {
        method: 'POST',
        url: '/api/panel/announcements',
        payload: { audience: { kind: 'everyone' }, level: 2, message: 'New season!', link: 'https://example.org/news' },
      });
      expect(toAll.json()).toEqual({ recipients: users });
      expect((await notificationsService.listNotifications(db(), bystander.userId)).map((n) => n.message)).toEqual([
        'Hello you',
        'New season!',
      ]);
      expect((await auditMessages(t)).at(-1)).toContain(`sent an announcement to everyone (${users} recipient(s))`);
    });

    it.each([
      ['an empty message', { audience: { kind: 'everyone' }, level: 1, message: '   ' }],
      ['level 5', { audience: { kind: 'everyone' }, level: 5, message: 'x' }],
      ['a javascript: link', { audience: { kind: 'everyone' }, level: 1, message: 'x', link: 'javascript:alert(1)' }],
      ['a protocol-relative link', { audience: { kind: 'everyone' }, level: 1, message: 'x', link: '//evil.example' }],
      ['an unknown audience', { audience: { kind: 'planet' }, level: 1, message: 'x' }],
      ['a message of 1001 characters', { audience: { kind: 'everyone' }, level: 1, message: 'x'.repeat(1001) }],
    ])('refuses %s (400, nothing sent)', async (_name, payload) => {
      const before = await countRows('notifications');
      const response = await call(owner, { method: 'POST', url: '/api/panel/announcements', payload });
      expect(response.statusCode).toBe(400);
      expect(await countRows('notifications')).toBe(before);
    });

    it('answers 404 for an unknown role or user, sending nothing', async () => {
      const before = await countRows('notifications');
      for (const audience of [
        { kind: 'role', roleId: 'missing' },
        { kind: 'user', userId: 'missing' },
      ]) {
        const response = await call(owner, {
          method: 'POST',
          url: '/api/panel/announcements',
          payload: { audience, level: 1, message: 'x' },
        });
        expect(response.statusCode).toBe(404);
      }
      expect(await countRows('notifications')).toBe(before);
    });
  });
});
