import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { testDatabases } from '../test-support/test-databases';
import { createSignedInUser } from '../test-support/test-users';
import { type NeighbourCommunity, startNeighbourCommunity, subscribeToNeighbour } from './neighbour-community';

// The demo's second community (issue 29 item 5): a real Outpost on loopback publishing a signed
// feed; the demo site subscribes through the real routes and takes its bans at once.

const sqlite = testDatabases()[0] as Parameters<typeof startTestApp>[0];

describe('the demo neighbour community', () => {
  let dir: string;
  let neighbour: NeighbourCommunity;
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-neighbour-'));
    neighbour = await startNeighbourCommunity(dir);
    t = await startTestApp(sqlite, {
      FEDERATION_TRUSTED_HOSTS: neighbour.host,
      FEDERATION_POLL_INTERVAL_MS: '3600000',
    });
    ownerId = (await createSignedInUser(t.database.db, { flags: 'z' }, 'Demo owner')).userId;
  });
  afterAll(async () => {
    await t?.close();
    await neighbour?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const applied = async () =>
    t.database.db
      .selectFrom('bans')
      .select(['steamid', 'reason', 'origin_site'])
      .where('origin_site', 'is not', null)
      .execute();

  it('is subscribed to by the demo owner, its bans applied from the start, and no session left behind', async () => {
    const sessionsBefore = await t.database.db.selectFrom('sessions').select('id').execute();
    await subscribeToNeighbour(t.app, t.database.db, ownerId, neighbour);
    const bans = await applied();
    expect(bans).toHaveLength(6);
    expect(bans.every((ban) => ban.origin_site === neighbour.site)).toBe(true);
    expect(bans.map((ban) => ban.reason)).toContain(`Cheating (from ${neighbour.host})`);
    expect(await t.database.db.selectFrom('sessions').select('id').execute()).toEqual(sessionsBefore);
    const audit = await t.database.db
      .selectFrom('log_entries')
      .select('message')
      .where('message', 'like', '%subscribed%')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('keeps publishing: a new ban there arrives at the next read', async () => {
    await neighbour.banOne();
    const owner = await createSignedInUser(t.database.db, { flags: 'z' }, 'Reader');
    const headers = { cookie: `outpost_session=${owner.token}`, origin: t.config.PUBLIC_URL.replace(/\/+$/, '') };
    const { subscriptions } = (
      await t.app.inject({ method: 'GET', url: '/api/panel/federation/subscriptions', headers })
    ).json() as { subscriptions: { id: string }[] };
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/panel/federation/subscriptions/${subscriptions[0]?.id}/read`,
      headers,
    });
    expect(read.statusCode).toBe(200);
    expect(await applied()).toHaveLength(7);
  });
});
