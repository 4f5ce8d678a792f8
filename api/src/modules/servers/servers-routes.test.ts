import { gunzipSync } from 'node:zlib';
import { serverGroupSummariesResponseSchema, serverGroupsResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJsonColumn } from '../../db/json-column';
import { groupAction, groupRow, serverRow } from '../../test-support/server-rows';
import { signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { invalidateServersCache, readyServers, renderedServers } from './servers-response-cache';

describe.each(testDatabases())('GET /api/servers on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('answers [] on a new database', async () => {
    const servers = await t.app.inject({ method: 'GET', url: '/api/servers' });
    expect(servers.statusCode).toBe(200);
    expect(servers.json()).toEqual([]);
    const groups = await t.app.inject({ method: 'GET', url: '/api/servers/groups' });
    expect(groups.json()).toEqual([]);
  });

  it('lists groups with their servers and status, never the RCON password', async () => {
    const db = t.database.db;
    await db
      .insertInto('server_groups')
      .values(
        groupRow({
          id: 'g1',
          name: 'Versus',
          description: 'Versus servers',
          type: 'custom',
          actions: toJsonColumn([groupAction('Restart', 'restart')]),
        }),
      )
      .execute();
    await db
      .insertInto('servers')
      .values(
        serverRow({
          id: 's1',
          group_id: 'g1',
          name: 'Versus #1',
          host: 'vs1.example.org',
          ip: '203.0.113.5',
          port: 27015,
          rcon_port: 27015,
          rcon_password: 'hunter2-secret',
          tags: toJsonColumn(['5+']),
          features: toJsonColumn([]),
          actions: toJsonColumn([]),
          status: toJsonColumn({
            online: true,
            data: { players: [{ name: 'Ellis' }], maxplayers: 8, map: 'c1m1_hotel' },
          }),
          status_updated_at: 1_700_000_000,
        }),
      )
      .execute();

    // Written behind the app's back: drop the one-second rendering it still holds.
    invalidateServersCache(db);
    const response = await t.app.inject({ method: 'GET', url: '/api/servers' });
    expect(response.body).not.toContain('hunter2-secret');
    const groups = serverGroupsResponseSchema.parse(response.json());
    expect(groups).toHaveLength(1);
    expect(groups[0]?.currentInstances).toBe(1);
    expect(groups[0]?.servers[0]).toMatchObject({
      id: 's1',
      online: true,
      tags: ['5+'],
      status: { data: { maxplayers: 8, map: 'c1m1_hotel' } },
    });
    // Anonymous visitors see no actions (issue 9 item 14); the signed-in cases follow below.
    expect(groups[0]?.servers[0]?.actions).toEqual([]);

    const summaries = serverGroupSummariesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/servers/groups' })).json(),
    );
    expect(summaries).toEqual([expect.objectContaining({ id: 'g1', currentInstances: 1 })]);
  });

  it('makes its answer again only when the list changed: an unchanged refresh serves the same bytes', async () => {
    const db = t.database.db;
    invalidateServersCache(db);
    const first = await renderedServers(db);
    invalidateServersCache(db);
    // Read again (as each second does), nothing changed: the very renderings, not compressed anew.
    expect(await renderedServers(db)).toBe(first);
    await db.updateTable('servers').set({ name: 'Renamed' }).where('id', '=', 's1').execute();
    invalidateServersCache(db);
    const changed = await renderedServers(db);
    expect(changed).not.toBe(first);
    expect(changed.public.json.toString()).toContain('Renamed');
    expect(gunzipSync(changed.public.gzip).toString()).toBe(changed.public.json.toString());
    expect(changed.public.etag).not.toBe(first.public.etag);
    const response = await t.app.inject({ method: 'GET', url: '/api/servers' });
    expect(response.headers.etag).toBe(changed.public.etag);
  });

  it('serves a made rendering without waiting, and none once the list is invalidated', async () => {
    const db = t.database.db;
    invalidateServersCache(db);
    expect(readyServers(db)).toBeUndefined();
    const pending = renderedServers(db);
    // Still being made: the route waits on the promise.
    expect(readyServers(db)).toBeUndefined();
    const made = await pending;
    expect(readyServers(db)).toBe(made);
    await db.updateTable('servers').set({ name: 'Renamed again' }).where('id', '=', 's1').execute();
    invalidateServersCache(db);
    // The change shows at once: nothing stale is served after the invalidation.
    expect(readyServers(db)).toBeUndefined();
    const response = await t.app.inject({ method: 'GET', url: '/api/servers', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(response.rawPayload).toString()).toContain('Renamed again');
    expect(readyServers(db)?.public.etag).toBe(response.headers.etag);
  });

  // Issue 9 item 14: public answers carry no command text and no hidden action.
  it('shows each caller only the visible actions they may run; managers see all', async () => {
    const db = t.database.db;
    const action = (name: string, command: string, isHidden = false) => ({
      name,
      command,
      description: '',
      color: '',
      requiresFeatures: [],
      showWhen: 'any',
      isHidden,
    });
    await db
      .updateTable('server_groups')
      .set({
        actions: toJsonColumn([
          action('Restart', 'restart'),
          action('Lock', 'sv_password hunter3-secret', true),
          action('Say', 'say hello'),
        ]),
      })
      .where('id', '=', 'g1')
      .execute();
    await db
      .updateTable('servers')
      .set({ actions: toJsonColumn([action('Hidden kick', 'kickall secret-reason', true)]) })
      .where('id', '=', 's1')
      .execute();
    invalidateServersCache(db);
    const commandsSeenBy = async (headers: Record<string, string>) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/servers', headers });
      for (const encoded of [response.body]) expect(encoded).not.toContain('hunter2-secret');
      return {
        body: response.body,
        commands: serverGroupsResponseSchema.parse(response.json())[0]?.servers[0]?.actions.map((a) => a.command),
      };
    };
    const anonymous = await commandsSeenBy({});
    expect(anonymous.commands).toEqual([]);
    for (const secret of ['hunter3-secret', 'sv_password', 'kickall', 'say hello', 'restart']) {
      expect(anonymous.body).not.toContain(secret);
    }
    const member = await signInAs(t, { codes: ['players.view'] });
    expect((await commandsSeenBy(member.headers)).commands).toEqual([]);
    const restarter = await signInAs(t, { codes: ['servers.action.restart'] });
    const seen = await commandsSeenBy(restarter.headers);
    expect(seen.commands).toEqual(['restart']);
    expect(seen.body).not.toContain('hunter3-secret');
    // A wildcard holder still never sees hidden actions outside management.
    const any = await signInAs(t, { codes: ['servers.action.*'] });
    const wide = await commandsSeenBy(any.headers);
    expect(wide.commands).toEqual(['restart', 'say hello']);
    expect(wide.body).not.toContain('kickall');
    const manager = await signInAs(t, { codes: ['servers.manage'] });
    expect((await commandsSeenBy(manager.headers)).commands).toEqual(
      expect.arrayContaining(['restart', 'sv_password hunter3-secret', 'say hello', 'kickall secret-reason']),
    );
    // The gzip answer is the same view.
    const gz = await t.app.inject({ method: 'GET', url: '/api/servers', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).not.toContain('sv_password');
  });

  it('answers gzip when asked, and 304 for an unchanged ETag', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/servers' });
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/servers',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    const again = await t.app.inject({ method: 'GET', url: '/api/servers', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Only the made gzip is sent compressed: a client taking br alone gets the JSON as it is.
    const brOnly = await t.app.inject({ method: 'GET', url: '/api/servers', headers: { 'accept-encoding': 'br' } });
    expect(brOnly.headers['content-encoding']).toBeUndefined();
    expect(brOnly.json()).toEqual(plain.json());
  });

  it('answers the same whether the rendering was made or had to be waited for', async () => {
    const made = await t.app.inject({ method: 'GET', url: '/api/servers', headers: { 'accept-encoding': 'gzip' } });
    invalidateServersCache(t.database.db);
    const waited = await t.app.inject({ method: 'GET', url: '/api/servers', headers: { 'accept-encoding': 'gzip' } });
    expect(waited.statusCode).toBe(200);
    expect(waited.headers.etag).toBe(made.headers.etag);
    expect(waited.headers['content-encoding']).toBe('gzip');
    expect(waited.rawPayload.equals(made.rawPayload)).toBe(true);
  });

  it('reads a GET as it comes: a content-encoding header on a body-less request is not decoded', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/servers',
      headers: { 'content-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
  });
});
