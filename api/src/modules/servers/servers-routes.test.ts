import { gunzipSync } from 'node:zlib';
import { serverGroupSummariesResponseSchema, serverGroupsResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJsonColumn } from '../../db/json-column';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { invalidateServersCache } from './servers-response-cache';

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
      .values({
        id: 'g1',
        name: 'Versus',
        description: 'Versus servers',
        game: 'l4d2',
        type: 'custom',
        template_id: null,
        actions: toJsonColumn([
          {
            name: 'Restart',
            command: 'restart',
            description: '',
            color: '',
            requiresFeatures: [],
            showWhen: 'any',
            isHidden: false,
          },
        ]),
        created_at: 1,
      })
      .execute();
    await db
      .insertInto('servers')
      .values({
        id: 's1',
        group_id: 'g1',
        name: 'Versus #1',
        host: 'vs1.example.org',
        ip: '203.0.113.5',
        port: 27015,
        query_port: null,
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
        created_at: 1,
      })
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
    expect(groups[0]?.servers[0]?.actions.map((action) => action.command)).toEqual(['restart']);

    const summaries = serverGroupSummariesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/servers/groups' })).json(),
    );
    expect(summaries).toEqual([expect.objectContaining({ id: 'g1', currentInstances: 1 })]);
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
  });
});
