import { webhookSchema, webhooksListSchema } from '@outpost/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { webhooksHarness } from './webhooks-test-harness';

describe.each(testDatabases())('Discord webhooks: the API, URLs and bad input on $name', (kind) => {
  const harness = webhooksHarness(kind);
  const { call, db, countRows, addWebhook } = harness;
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(() => {
    ({ t, owner } = harness);
  });

  describe('permission matrix: every endpoint refuses the signed-out (401) and those without its code (403)', () => {
    const endpoints: { code: string; request: InjectOptions }[] = [
      { code: 'webhooks.manage', request: { method: 'GET', url: '/api/panel/webhooks' } },
      {
        code: 'webhooks.manage',
        request: {
          method: 'POST',
          url: '/api/panel/webhooks',
          payload: {
            name: 'X',
            url: 'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz',
            kinds: [],
          },
        },
      },
      {
        code: 'webhooks.manage',
        request: { method: 'PATCH', url: '/api/panel/webhooks/nope', payload: { name: 'Y' } },
      },
      { code: 'webhooks.manage', request: { method: 'DELETE', url: '/api/panel/webhooks/nope' } },
      { code: 'webhooks.manage', request: { method: 'GET', url: '/api/panel/webhooks/nope/deliveries' } },
      { code: 'webhooks.manage', request: { method: 'POST', url: '/api/panel/webhooks/nope/test' } },
      { code: 'webhooks.manage', request: { method: 'POST', url: '/api/panel/webhooks/nope/deliveries/d/retry' } },
      {
        code: 'panel.settings',
        request: { method: 'PUT', url: '/api/panel/webhooks/settings', payload: { allowAnyHttps: false } },
      },
    ];
    it.each(endpoints)('$request.method $request.url needs $code', async ({ code, request }) => {
      const before = await Promise.all([
        countRows('panel_webhooks'),
        countRows('panel_webhook_deliveries'),
        countRows('settings'),
      ]);
      const anonymous = await call(null, request);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
      // panel.view, panel.settings and webhooks-like codes that are not this one do not open it.
      const wrong = await signInAs(t, {
        codes: ['panel.view', 'webhooks.view', code === 'panel.settings' ? 'webhooks.manage' : 'panel.settings'],
      });
      const refused = await call(wrong, request);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('FORBIDDEN');
      expect(
        await Promise.all([countRows('panel_webhooks'), countRows('panel_webhook_deliveries'), countRows('settings')]),
      ).toEqual(before);
      const holder = await signInAs(t, { codes: [code] });
      const allowed = await call(holder, request);
      expect([401, 403]).not.toContain(allowed.statusCode);
      expect(allowed.statusCode).toBeLessThan(500);
    });
  });

  describe('URLs', () => {
    const id = '223456789012345678';
    const token = 'AbCdEf_gh-IJklmnopQRstuvWXyz0123456789abcdefghijklmnopqrstuvwxyz01';
    const hostile: [string, string][] = [
      ['plain http', `http://discord.com/api/webhooks/${id}/${token}`],
      ['another scheme', `ftp://discord.com/api/webhooks/${id}/${token}`],
      ['javascript:', 'javascript:alert(1)'],
      ['no URL at all', 'discord webhook please'],
      ['userinfo before the host', `https://discord.com@evil.example/api/webhooks/${id}/${token}`],
      ['userinfo with a password', `https://user:pass@discord.com/api/webhooks/${id}/${token}`],
      ['another host', `https://evil.example/api/webhooks/${id}/${token}`],
      ['a look-alike suffix', `https://discord.com.evil.example/api/webhooks/${id}/${token}`],
      ['a look-alike prefix', `https://evildiscord.com/api/webhooks/${id}/${token}`],
      ['a look-alike subdomain', `https://discord.evil.example/api/webhooks/${id}/${token}`],
      ['a homoglyph host', `https://dіscord.com/api/webhooks/${id}/${token}`],
      ['a trailing-dot host', `https://discord.com./api/webhooks/${id}/${token}`],
      ['an upper-case host', `https://DISCORD.com/api/webhooks/${id}/${token}`],
      ['another Discord subdomain', `https://cdn.discord.com/api/webhooks/${id}/${token}`],
      ['an IPv4 literal', `https://162.159.128.233/api/webhooks/${id}/${token}`],
      ['an IPv6 literal', `https://[::1]/api/webhooks/${id}/${token}`],
      ['a decimal IP', `https://2130706433/api/webhooks/${id}/${token}`],
      ['a port', `https://discord.com:8443/api/webhooks/${id}/${token}`],
      ['the default port spelled out', `https://discord.com:443/api/webhooks/${id}/${token}`],
      ['a dot-dot path', `https://discord.com/api/webhooks/../../evil/${id}/${token}`],
      ['an encoded dot-dot', `https://discord.com/api/webhooks/%2e%2e/${id}/${token}`],
      ['an encoded slash', `https://discord.com/api/webhooks/${id}%2F${token}`],
      ['backslashes', `https://discord.com\\api\\webhooks\\${id}\\${token}`],
      ['a backslash host trick', `https://evil.example\\@discord.com/api/webhooks/${id}/${token}`],
      ['a fragment host trick', `https://evil.example#@discord.com/api/webhooks/${id}/${token}`],
      ['a query', `https://discord.com/api/webhooks/${id}/${token}?wait=true`],
      ['a fragment', `https://discord.com/api/webhooks/${id}/${token}#x`],
      ['extra path after the token', `https://discord.com/api/webhooks/${id}/${token}/slack`],
      ['a non-webhook Discord path', 'https://discord.com/api/users/@me'],
      ['an id that is no snowflake', `https://discord.com/api/webhooks/abc/${token}`],
      ['no token', `https://discord.com/api/webhooks/${id}`],
      ['a token with odd characters', `https://discord.com/api/webhooks/${id}/abc$def%20ghijklmnopqrstuvwxyz`],
      ['a tab inside', `https://discord.com/api/webhooks/${id}/\t${token}`],
      ['a newline inside', `https://discord.com/api/webhooks/${id}/${token}\n`.replace(/\n$/, '\nx')],
      ['far too long', `https://discord.com/api/webhooks/${id}/${'a'.repeat(600)}`],
    ];

    it.each(hostile)('refuses %s with 400 INVALID_WEBHOOK_URL and stores nothing', async (_, url) => {
      const before = await countRows('panel_webhooks');
      const response = await call(owner, {
        method: 'POST',
        url: '/api/panel/webhooks',
        payload: { name: 'Bad', url, kinds: ['ban.created'] },
      });
      expect(response.statusCode).toBe(400);
      expect(['INVALID_WEBHOOK_URL', 'VALIDATION_FAILED']).toContain(response.json().error);
      expect(response.json().message).toEqual(expect.any(String));
      expect(await countRows('panel_webhooks')).toBe(before);
    });

    it.each([
      ['discord.com', `https://discord.com/api/webhooks/${id}/${token}`],
      ['discordapp.com', `https://discordapp.com/api/webhooks/${id}/${token}`],
      ['canary', `https://canary.discord.com/api/webhooks/${id}/${token}`],
      ['PTB', `https://ptb.discord.com/api/webhooks/${id}/${token}`],
      ['a versioned API path', `https://discord.com/api/v10/webhooks/${id}/${token}`],
    ])('accepts a Discord webhook URL on %s and never answers its token', async (_, url) => {
      const response = await call(owner, {
        method: 'POST',
        url: '/api/panel/webhooks',
        payload: { name: 'Good', url, kinds: ['ban.created'] },
      });
      expect(response.statusCode).toBe(201);
      expect(response.body).not.toContain(token);
      const webhook = webhookSchema.parse(response.json());
      expect(webhook.maskedUrl).toBe(`${new URL(url).host}/api/webhooks/${id}/…`);
      const list = await call(owner, { method: 'GET', url: '/api/panel/webhooks' });
      expect(list.body).not.toContain(token);
      const audit = (await db().selectFrom('log_entries').select('message').execute())
        .map((row) => row.message)
        .join('\n');
      expect(audit).not.toContain(token);
      // Stored whole: it has to be sent.
      const stored = await db()
        .selectFrom('panel_webhooks')
        .select('url')
        .where('id', '=', webhook.id)
        .executeTakeFirstOrThrow();
      expect(stored.url).toBe(url);
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });

    it('takes any public https URL only while the site setting allows it, never an IP, port or local name', async () => {
      const other = { name: 'Relay', url: 'https://hooks.example.org/outpost/abc', kinds: ['announcement'] };
      const refused = await call(owner, { method: 'POST', url: '/api/panel/webhooks', payload: other });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('INVALID_WEBHOOK_URL');
      expect(
        (await call(owner, { method: 'PUT', url: '/api/panel/webhooks/settings', payload: { allowAnyHttps: true } }))
          .statusCode,
      ).toBe(200);
      try {
        const listed = webhooksListSchema.parse(
          (await call(owner, { method: 'GET', url: '/api/panel/webhooks' })).json(),
        );
        expect(listed.allowAnyHttps).toBe(true);
        const accepted = await call(owner, { method: 'POST', url: '/api/panel/webhooks', payload: other });
        expect(accepted.statusCode).toBe(201);
        expect(accepted.json().maskedUrl).toBe('hooks.example.org/…');
        await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${accepted.json().id}` });
        for (const url of [
          'http://hooks.example.org/x',
          'https://127.0.0.1/x',
          'https://[fd00::1]/x',
          'https://10.0.0.8/x',
          'https://localhost/x',
          'https://router.local/x',
          'https://metadata.internal/x',
          'https://intranet/x',
          'https://hooks.example.org:8443/x',
          'https://me@hooks.example.org/x',
        ]) {
          const response = await call(owner, {
            method: 'POST',
            url: '/api/panel/webhooks',
            payload: { ...other, url },
          });
          expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        }
      } finally {
        await call(owner, { method: 'PUT', url: '/api/panel/webhooks/settings', payload: { allowAnyHttps: false } });
      }
    });
  });

  describe('bad input is a 4xx and stores nothing', () => {
    const url = 'https://discord.com/api/webhooks/323456789012345678/abcdefghijklmnopqrstuvwxyz';
    it.each([
      ['no name', { name: '', url, kinds: [] }],
      ['a name too long', { name: 'x'.repeat(81), url, kinds: [] }],
      ['an unknown kind', { name: 'X', url, kinds: ['ban.deleted'] }],
      ['a kind twice', { name: 'X', url, kinds: ['ban.created', 'ban.created'] }],
      ['kinds not a list', { name: 'X', url, kinds: 'ban.created' }],
      ['enabled as text', { name: 'X', url, kinds: [], enabled: 'yes' }],
      ['an unknown field', { name: 'X', url, kinds: [], secret: 1 }],
      ['no URL', { name: 'X', kinds: [] }],
      ['not an object', []],
    ])('POST with %s', async (_, payload) => {
      const before = await countRows('panel_webhooks');
      const response = await call(owner, { method: 'POST', url: '/api/panel/webhooks', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
      expect(await countRows('panel_webhooks')).toBe(before);
    });

    it('PATCH with a bad URL changes nothing; unknown ids are 404', async () => {
      const { webhook, url: original } = await addWebhook();
      const bad = await call(owner, {
        method: 'PATCH',
        url: `/api/panel/webhooks/${webhook.id}`,
        payload: { name: 'Renamed', url: 'https://evil.example/api/webhooks/1/2' },
      });
      expect(bad.statusCode).toBe(400);
      const row = await db()
        .selectFrom('panel_webhooks')
        .selectAll()
        .where('id', '=', webhook.id)
        .executeTakeFirstOrThrow();
      expect([row.name, row.url]).toEqual(['Staff channel', original]);
      for (const request of [
        { method: 'PATCH' as const, url: '/api/panel/webhooks/nope', payload: { name: 'Y' } },
        { method: 'DELETE' as const, url: '/api/panel/webhooks/nope' },
        { method: 'POST' as const, url: '/api/panel/webhooks/nope/test' },
        { method: 'GET' as const, url: '/api/panel/webhooks/nope/deliveries' },
      ]) {
        const response = await call(owner, request);
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toBe('WEBHOOK_NOT_FOUND');
      }
      await call(owner, { method: 'DELETE', url: `/api/panel/webhooks/${webhook.id}` });
    });
  });
});
