import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Share, WorkshopJob } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignVpk } from '../../../test-support/addon-fixtures';
import { type FakeWorkshop, startFakeWorkshop } from '../../../test-support/fakes/fake-workshop';
import { openSse } from '../../../test-support/sse-client';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

const big = (title: string) => {
  // A VPK of ~600 KB, so downloads take several chunks (progress, drops, resumes).
  const base = campaignVpk(title);
  return Buffer.concat([base, Buffer.alloc(600_000, 1)]);
};

describe.each(testDatabases())('Steam Workshop downloads on $name', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let workshop: FakeWorkshop;
  let storageDir: string;
  let base: string;
  beforeAll(async () => {
    workshop = await startFakeWorkshop({
      items: [
        { id: '1001', title: 'Campaign One', data: big('Campaign One') },
        { id: '1002', title: 'Campaign Two', data: campaignVpk('Campaign Two') },
        { id: '1003', title: 'Broken Map', data: Buffer.from('this is not a vpk at all') },
        { id: '1004', title: 'Team Fortress hat', data: campaignVpk('Hat'), appId: 440 },
        { id: '1005', title: 'Liar', data: campaignVpk('Liar'), claimedSize: 99 },
        { id: '1006', title: 'Half', data: big('Half') },
      ],
      collections: [{ id: '2001', title: 'Best campaigns', children: ['1001', '1002', '1003', '1004', '1999'] }],
    });
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-workshop-'));
    t = await startTestApp(kind, {
      STORAGE_DIR: storageDir,
      WORKSHOP_API_URL: workshop.apiUrl,
      WORKSHOP_FILE_HOSTS: `${workshop.fileHost},localhost:${workshop.fileHost.split(':')[1]}`,
      WORKSHOP_TIMEOUT_MS: '2000',
    });
    admin = await signInAs(t, { codes: ['shares.*'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await workshop.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const newShare = async (game = 'l4d2') =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/shares',
        headers: admin.headers,
        payload: { name: `W ${Math.random()}`, game },
      })
    ).json() as Share;
  const startJob = async (shareId: string, url: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/shares/${shareId}/workshop-jobs`,
      headers: admin.headers,
      payload: { url },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as WorkshopJob;
  };
  const jobEvents = async (jobId: string) => {
    const stream = await openSse(`${base}/api/shares/workshop-jobs/${jobId}/events`, admin.headers);
    expect(stream.status).toBe(200);
    await stream.waitFor(() => stream.ended, 15_000);
    return stream.events.map((event) => JSON.parse(event.data) as WorkshopJob);
  };
  const stagingEmpty = () =>
    !fs.existsSync(path.join(storageDir, '.staging')) || fs.readdirSync(path.join(storageDir, '.staging')).length === 0;

  it('looks up items and collections', async () => {
    const item = await t.app.inject({
      method: 'GET',
      url: '/api/shares/workshop/lookup?url=https://steamcommunity.com/sharedfiles/filedetails/?id=1002',
      headers: admin.headers,
    });
    expect(item.json()).toEqual({
      id: '1002',
      kind: 'item',
      title: 'Campaign Two',
      size: campaignVpk('Campaign Two').length,
      children: [],
    });
    const collection = await t.app.inject({
      method: 'GET',
      url: '/api/shares/workshop/lookup?url=2001',
      headers: admin.headers,
    });
    expect(collection.json()).toMatchObject({
      kind: 'collection',
      title: 'Best campaigns',
      children: ['1001', '1002', '1003', '1004', '1999'],
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/shares/workshop/lookup?url=777',
      headers: admin.headers,
    });
    expect(missing.json()).toMatchObject({ error: 'WORKSHOP_ITEM_NOT_FOUND' });
    const junk = await t.app.inject({
      method: 'GET',
      url: '/api/shares/workshop/lookup?url=javascript:alert(1)',
      headers: admin.headers,
    });
    expect(junk.json()).toMatchObject({ error: 'INVALID_WORKSHOP_URL' });
    workshop.setApiDown(true);
    const down = await t.app.inject({
      method: 'GET',
      url: '/api/shares/workshop/lookup?url=1002',
      headers: admin.headers,
    });
    workshop.setApiDown(false);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ error: 'WORKSHOP_UNAVAILABLE' });
  });

  it('downloads an item with progress over SSE, resuming after a dropped connection', async () => {
    const share = await newShare();
    workshop.dropOnceAfter.set('1001', 200_000);
    workshop.pacing.chunkDelayMs = 5;
    const job = await startJob(share.id, 'https://steamcommunity.com/sharedfiles/filedetails/?id=1001');
    expect(job).toMatchObject({ kind: 'item', workshopId: '1001', items: [{ workshopId: '1001', state: 'pending' }] });
    const events = await jobEvents(job.id);
    workshop.pacing.chunkDelayMs = 0;
    const last = events.at(-1) as WorkshopJob;
    expect(last.state).toBe('done');
    expect(last.items[0]).toMatchObject({ state: 'done', bytes: big('Campaign One').length });
    const partial = events.filter((event) => event.items[0]?.state === 'downloading' && event.items[0].bytes > 0);
    expect(partial.length).toBeGreaterThan(1);
    // The second request asked only for the rest.
    const ranges = workshop.fileRequests.filter((r) => r.id === '1001').map((r) => r.range);
    expect(ranges[0]).toBeUndefined();
    // The retry asks only for what had not arrived when the connection dropped.
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(ranges[1] ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(200_000);
    const detail = await t.app.inject({ method: 'GET', url: `/api/shares/${share.id}`, headers: admin.headers });
    expect(detail.json().addons).toEqual([
      expect.objectContaining({ name: '1001.vpk', source: 'workshop', workshopId: '1001', title: 'Campaign One' }),
    ]);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/shares/${share.id}/addons/${last.items[0]?.addonId}/file`,
      headers: admin.headers,
    });
    expect(file.rawPayload.equals(big('Campaign One'))).toBe(true);
    // Anyone with shares.view sees the job afterwards (a reload, another staff member).
    const viewer = await signInAs(t, { codes: ['shares.view'] });
    const jobs = await t.app.inject({
      method: 'GET',
      url: `/api/shares/${share.id}/workshop-jobs`,
      headers: viewer.headers,
    });
    expect(jobs.json().jobs).toEqual([expect.objectContaining({ id: job.id, state: 'done' })]);
  });

  it('downloads a collection item by item: present ones skipped, failures reported, the rest continue', async () => {
    const share = await newShare();
    const first = await startJob(share.id, '1002');
    expect((await jobEvents(first.id)).at(-1)?.state).toBe('done');
    const job = await startJob(share.id, 'https://steamcommunity.com/workshop/filedetails/?id=2001');
    expect(job.kind).toBe('collection');
    expect(job.title).toBe('Best campaigns');
    const last = (await jobEvents(job.id)).at(-1) as WorkshopJob;
    expect(last.state).toBe('done');
    expect(last.error).toBe('3 of 5 item(s) failed');
    expect(last.items.map((item) => [item.workshopId, item.state])).toEqual([
      ['1001', 'done'],
      ['1002', 'skipped'],
      ['1003', 'failed'],
      ['1004', 'failed'],
      ['1999', 'failed'],
    ]);
    expect(last.items[2]?.error).toContain('not a VPK');
    expect(last.items[3]?.error).toContain('another game');
    expect(last.items[4]?.error).toContain('does not exist');
    const addons = (
      await t.app.inject({ method: 'GET', url: `/api/shares/${share.id}`, headers: admin.headers })
    ).json().addons;
    expect(addons.map((addon: { name: string }) => addon.name)).toEqual(['1001.vpk', '1002.vpk']);
    expect(stagingEmpty()).toBe(true);
  });

  it('an interrupted download, or one of the wrong size, leaves nothing', async () => {
    const share = await newShare();
    workshop.alwaysDrop.add('1006');
    const job = await startJob(share.id, '1006');
    const last = (await jobEvents(job.id)).at(-1) as WorkshopJob;
    workshop.alwaysDrop.delete('1006');
    expect(last.state).toBe('failed');
    expect(last.items[0]?.state).toBe('failed');
    const liar = (await jobEvents((await startJob(share.id, '1005')).id)).at(-1) as WorkshopJob;
    expect(liar.items[0]?.error).toMatch(/bytes|larger/);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/shares/${share.id}`, headers: admin.headers })).json().addons,
    ).toEqual([]);
    expect(stagingEmpty()).toBe(true);
    expect(fs.existsSync(path.join(storageDir, 'shares', share.id))).toBe(false);
  });

  it('follows no redirect to a host that is not allowed or resolves to a private address', async () => {
    const share = await newShare();
    const port = workshop.fileHost.split(':')[1];
    const targets = [
      'http://169.254.169.254/latest/meta-data/',
      `http://127.0.0.2:${port}/ugc/1002/`,
      // Listed by name, but the name resolves to loopback: refused at connect time.
      `http://localhost:${port}/ugc/1002/`,
      'file:///etc/passwd',
      `http://user:pw@${workshop.fileHost}/ugc/1002/`,
    ];
    for (const target of targets) {
      workshop.redirects.set('1002', target);
      const last = (await jobEvents((await startJob(share.id, '1002')).id)).at(-1) as WorkshopJob;
      expect(last.items[0]?.state, target).toBe('failed');
      expect(last.items[0]?.error, target).toMatch(/Refused/);
    }
    workshop.redirects.delete('1002');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/shares/${share.id}`, headers: admin.headers })).json().addons,
    ).toEqual([]);
  });

  it('cancels a running job and refuses Workshop jobs for Minecraft shares', async () => {
    const share = await newShare();
    workshop.pacing.chunkDelayMs = 50;
    const job = await startJob(share.id, '1001');
    const stream = await openSse(`${base}/api/shares/workshop-jobs/${job.id}/events`, admin.headers);
    await stream.waitFor(
      () => stream.events.some((event) => (JSON.parse(event.data) as WorkshopJob).items[0]?.state === 'downloading'),
      10_000,
    );
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shares/workshop-jobs/${job.id}/cancel`,
      headers: admin.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    await stream.waitFor(() => stream.ended, 10_000);
    workshop.pacing.chunkDelayMs = 0;
    expect((JSON.parse(stream.events.at(-1)?.data ?? '{}') as WorkshopJob).state).toBe('cancelled');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/shares/workshop-jobs/${job.id}/cancel`,
      headers: admin.headers,
    });
    expect(again.json()).toMatchObject({ error: 'JOB_FINISHED' });
    for (let i = 0; i < 50 && !stagingEmpty(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stagingEmpty()).toBe(true);

    const minecraft = await newShare('minecraft');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/shares/${minecraft.id}/workshop-jobs`,
      headers: admin.headers,
      payload: { url: '1002' },
    });
    expect(refused.json()).toMatchObject({ error: 'WORKSHOP_NOT_FOR_GAME' });
  });
  it('a job whose instance went away is taken over and finished (it lives on the server)', async () => {
    const other = await startTestApp(
      kind,
      { STORAGE_DIR: storageDir, WORKSHOP_API_URL: workshop.apiUrl, WORKSHOP_FILE_HOSTS: workshop.fileHost },
      (app) => {
        app.addHook('onReady', async () => {
          // Before the runner starts: a share and a job left running by an instance that stopped a minute ago.
          await app.db
            .insertInto('shares')
            .values({ id: 'orphanshare', name: 'Orphans', game: 'l4d2', quota_bytes: null, created_at: 1 })
            .execute();
          await app.db
            .insertInto('workshop_jobs')
            .values({
              id: 'orphanjob',
              share_id: 'orphanshare',
              kind: 'item',
              workshop_id: '1002',
              title: 'Campaign Two',
              state: 'running',
              items: JSON.stringify([
                {
                  workshopId: '1002',
                  title: 'Campaign Two',
                  state: 'downloading',
                  bytes: 10,
                  totalBytes: null,
                  error: null,
                  addonId: null,
                },
              ]),
              error: null,
              created_by: null,
              created_at: 1,
              updated_at: 1,
              runner: 'gone',
              heartbeat_at: Math.floor(Date.now() / 1000) - 60,
            })
            .execute();
        });
      },
    );
    try {
      let row: { state: string } | undefined;
      for (let i = 0; i < 100 && row?.state !== 'done'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = await other.database.db
          .selectFrom('workshop_jobs')
          .select('state')
          .where('id', '=', 'orphanjob')
          .executeTakeFirst();
      }
      expect(row?.state).toBe('done');
      const addons = await other.database.db
        .selectFrom('addons')
        .select('name')
        .where('share_id', '=', 'orphanshare')
        .execute();
      expect(addons).toEqual([{ name: '1002.vpk' }]);
    } finally {
      await other.close();
    }
  });
});
