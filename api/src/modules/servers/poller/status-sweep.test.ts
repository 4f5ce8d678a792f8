import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromJsonColumn, toJsonColumn } from '../../../db/json-column';
import { A2sClient } from '../../../protocols/a2s-client';
import { type FakeA2sServer, startFakeA2sServer } from '../../../test-support/fakes/fake-a2s-server';
import { type FakeMinecraftServer, startFakeMinecraftServer } from '../../../test-support/fakes/fake-minecraft-server';
import { groupRow, serverRow } from '../../../test-support/server-rows';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { sweepStatuses } from './status-sweep';
import type { StoredStatus } from './stored-status';

describe.each(testDatabases())('status sweep on $name', (kind) => {
  let t: TestApp;
  let client: A2sClient;
  let busy: FakeA2sServer;
  let empty: FakeA2sServer;
  let silent: FakeA2sServer;
  let garbage: FakeA2sServer;
  let craft: FakeMinecraftServer;

  beforeAll(async () => {
    t = await startTestApp(kind);
    client = await A2sClient.open();
    busy = await startFakeA2sServer({
      map: 'c5m1_waterfront',
      maxplayers: 8,
      players: Array.from({ length: 8 }, (_, i) => ({ name: `Player ${i}` })),
      splitSize: 80,
    });
    empty = await startFakeA2sServer({ map: 'ctf_2fort', players: [] });
    silent = await startFakeA2sServer({ mode: 'silent' });
    garbage = await startFakeA2sServer({ mode: 'garbage' });
    craft = await startFakeMinecraftServer({ online: 1, max: 10, sample: ['Steve'] });
    const db = t.database.db;
    for (const [id, game] of [
      ['source', 'l4d2'],
      ['mc', 'minecraft'],
    ] as const) {
      await db
        .insertInto('server_groups')
        .values(groupRow({ id, name: id, game }))
        .execute();
    }
    const servers: [string, string, number][] = [
      ['busy', 'source', busy.port],
      ['empty', 'source', empty.port],
      ['silent', 'source', silent.port],
      ['garbage', 'source', garbage.port],
      ['craft', 'mc', craft.port],
    ];
    for (const [id, group, port] of servers) {
      await db
        .insertInto('servers')
        .values(
          serverRow({
            id,
            group_id: group,
            host: 'play.example.org',
            port: 1,
            query_port: port,
            status: toJsonColumn({ online: true, data: null }),
            status_updated_at: 123,
          }),
        )
        .execute();
    }
  });
  afterAll(async () => {
    client?.close();
    await Promise.all([busy, empty, silent, garbage, craft].map((fake) => fake?.close()));
    await t?.close();
  });

  it('stores the four states: players, empty, offline, online without data', async () => {
    const report = await sweepStatuses(t.database.db, client, { timeoutMs: 400, concurrency: 10 });
    expect(report).toMatchObject({ servers: 5, online: 4 });
    const rows = await t.database.db.selectFrom('servers').select(['id', 'status', 'status_updated_at']).execute();
    const status = Object.fromEntries(
      rows.map((row) => [row.id, fromJsonColumn<StoredStatus | null>(row.status, null)]),
    );
    expect(status.busy).toMatchObject({
      online: true,
      data: { maxplayers: 8, map: 'c5m1_waterfront', playerCount: 8 },
    });
    expect(status.busy?.data?.players).toHaveLength(8);
    expect(status.empty).toMatchObject({ online: true, data: { players: [], map: 'ctf_2fort' } });
    expect(status.silent).toEqual({ online: false, data: null });
    expect(status.garbage).toEqual({ online: true, data: null });
    expect(status.craft).toEqual({
      online: true,
      data: { players: [{ name: 'Steve' }], maxplayers: 10, map: null, playerCount: 1 },
    });
    const updated = Object.fromEntries(rows.map((row) => [row.id, row.status_updated_at]));
    expect(updated.silent).toBe(123);
    expect(updated.busy).toBeGreaterThan(123);
  });

  it('adds the sweep to the history rollups: one sample per server and bucket size, and the maps', async () => {
    const db = t.database.db;
    const before = await db
      .selectFrom('server_history')
      .select(['server_id', 'samples'])
      .where('bucket_seconds', '=', 86_400)
      .execute();
    await sweepStatuses(db, client, { timeoutMs: 400, concurrency: 10 });
    const rows = await db.selectFrom('server_history').selectAll().execute();
    expect(new Set(rows.map((row) => row.bucket_seconds))).toEqual(new Set([60, 900, 86_400]));
    const daily = Object.fromEntries(
      rows.filter((row) => row.bucket_seconds === 86_400).map((row) => [row.server_id, row]),
    );
    const samplesBefore = Object.fromEntries(before.map((row) => [row.server_id, row.samples]));
    for (const id of ['busy', 'empty', 'silent', 'garbage', 'craft'])
      expect(daily[id]?.samples).toBe((samplesBefore[id] ?? 0) + 1);
    expect(daily.busy).toMatchObject({ players_max: 8, max_players: 8 });
    expect(daily.silent).toMatchObject({ online_samples: 0, player_samples: 0, players_max: null });
    const maps = await db
      .selectFrom('server_maps')
      .select(['server_id', 'map'])
      .where('ended_at', 'is', null)
      .orderBy('server_id')
      .execute();
    expect(maps).toEqual([
      { server_id: 'busy', map: 'c5m1_waterfront' },
      { server_id: 'empty', map: 'ctf_2fort' },
    ]);
  });

  it('is served by GET /api/servers without waiting on any game server', async () => {
    silent.state.mode = 'silent';
    const started = Date.now();
    const response = await t.app.inject({ method: 'GET', url: '/api/servers' });
    expect(Date.now() - started).toBeLessThan(300);
    const servers = response.json().flatMap((group: { servers: unknown[] }) => group.servers);
    expect(servers.find((server: { id: string }) => server.id === 'busy').status.data.map).toBe('c5m1_waterfront');
  });
});
