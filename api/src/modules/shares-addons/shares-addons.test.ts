import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Addon, Share } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVpk, bukkitPluginJar, campaignVpk } from '../../test-support/addon-fixtures';
import { type FakeS3, startFakeS3 } from '../../test-support/fakes/fake-s3-server';
import { multipartFile } from '../../test-support/multipart';
import { groupRow } from '../../test-support/server-rows';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

const ALL = ['shares.*'];

describe.each(testDatabases())('shares and addons on $name', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let storageDir: string;
  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-shares-'));
    t = await startTestApp(kind, { STORAGE_DIR: storageDir });
    admin = await signInAs(t, { codes: ALL, name: 'Share Admin' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const createShare = async (body: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/shares', headers: admin.headers, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Share;
  };
  const upload = (shareId: string, name: string, data: Buffer, who: SignedIn = admin) => {
    const body = multipartFile(name, data);
    return t.app.inject({
      method: 'POST',
      url: `/api/shares/${shareId}/addons`,
      headers: { ...who.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  /** The raw-body way: the file is the body, its name in ?name= (what the shares page sends). */
  const uploadRaw = (shareId: string, name: string | null, data: Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/shares/${shareId}/addons${name === null ? '' : `?name=${encodeURIComponent(name)}`}`,
      headers: { ...admin.headers, 'content-type': 'application/octet-stream', ...headers },
      payload: data,
    });
  const storedFiles = (shareId: string) =>
    fs.existsSync(path.join(storageDir, 'shares', shareId))
      ? fs.readdirSync(path.join(storageDir, 'shares', shareId))
      : [];
  const stagingFiles = () =>
    fs.existsSync(path.join(storageDir, '.staging')) ? fs.readdirSync(path.join(storageDir, '.staging')) : [];

  it('creates, lists, renames and deletes a share with the groups that use it', async () => {
    const group = await t.database.db
      .insertInto('server_groups')
      .values(groupRow({ id: 'g-coop', name: 'Co-op', type: 'static' }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const share = await createShare({ name: 'Campaigns', game: 'l4d2', groupIds: [group.id], quotaBytes: 10_000_000 });
    expect(share).toMatchObject({
      name: 'Campaigns',
      game: 'l4d2',
      usedBytes: 0,
      addonCount: 0,
      groups: [{ id: 'g-coop', name: 'Co-op' }],
    });
    const unknownGroup = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: admin.headers,
      payload: { name: 'x', game: 'l4d2', groupIds: ['nope'] },
    });
    expect(unknownGroup.json()).toMatchObject({ error: 'UNKNOWN_GROUP' });

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/shares/${share.id}`,
      headers: admin.headers,
      payload: { name: 'Campaign maps', groupIds: [] },
    });
    expect(renamed.json()).toMatchObject({ name: 'Campaign maps', groups: [] });
    expect((await upload(share.id, 'one.vpk', campaignVpk())).statusCode).toBe(201);

    const list = await t.app.inject({ method: 'GET', url: '/api/shares', headers: admin.headers });
    expect(list.json().shares).toContainEqual(expect.objectContaining({ id: share.id, addonCount: 1 }));

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/shares/${share.id}`, headers: admin.headers });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/shares/${share.id}`, headers: admin.headers })).statusCode,
    ).toBe(404);
    const audit = await t.database.db
      .selectFrom('log_entries')
      .select('message')
      .where('target', '=', share.id)
      .execute();
    expect(audit.map((row) => row.message)).toEqual(
      expect.arrayContaining([
        'Created share Campaigns (l4d2)',
        expect.stringContaining('Added addon one.vpk'),
        'Deleted share Campaign maps with 1 addon(s): one.vpk',
      ]),
    );
    expect(storedFiles(share.id)).toEqual([]);
  });

  it('uploads a VPK, reads its details, downloads it whole and by range, replaces and deletes it', async () => {
    const share = await createShare({ name: 'Maps', game: 'l4d2' });
    const vpk = campaignVpk('Dark Carnival Remix', 2);
    const response = await upload(share.id, 'carnival.vpk', vpk);
    expect(response.statusCode, response.body).toBe(201);
    const addon = response.json() as Addon;
    expect(addon).toMatchObject({
      name: 'carnival.vpk',
      title: 'Dark Carnival Remix',
      size: vpk.length,
      source: 'upload',
      workshopId: null,
      details: { maps: ['c1m1_test', 'c1m2_test'], author: 'Tester', version: '1.2', vpkVersion: 2 },
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/shares/${share.id}/addons/${addon.id}`,
      headers: admin.headers,
    });
    expect(detail.json()).toEqual(addon);

    const whole = await t.app.inject({
      method: 'GET',
      url: `/api/shares/${share.id}/addons/${addon.id}/file`,
      headers: admin.headers,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(vpk)).toBe(true);
    expect(whole.headers['content-disposition']).toBe('attachment; filename="carnival.vpk"');
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/shares/${share.id}/addons/${addon.id}/file`,
      headers: { ...admin.headers, range: 'bytes=4-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${vpk.length}`);
    expect(part.rawPayload.equals(vpk.subarray(4, 12))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url: `/api/shares/${share.id}/addons/${addon.id}/file`,
      headers: { ...admin.headers, range: `bytes=${vpk.length}-` },
    });
    expect(beyond.statusCode).toBe(416);

    const replacement = await upload(share.id, 'carnival.vpk', campaignVpk('Carnival v2'));
    expect(replacement.json()).toMatchObject({ id: addon.id, title: 'Carnival v2' });
    expect(storedFiles(share.id)).toHaveLength(1);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/shares/${share.id}/addons/${addon.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(storedFiles(share.id)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/shares/${share.id}/addons/${addon.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses hostile, mistyped, oversized and badly named files with a 4xx and stores nothing', async () => {
    const share = await createShare({ name: 'Strict', game: 'l4d2', quotaBytes: 6000 });
    const cases: Array<[string, Buffer, number, string]> = [
      ['cut.vpk', campaignVpk().subarray(0, 60), 422, 'ADDON_TRUNCATED'],
      [
        'evil.vpk',
        buildVpk([{ path: '../../cfg/server.cfg', data: 'rcon_password x' }]),
        422,
        'ADDON_UNSAFE_ENTRY_NAME',
      ],
      ['plugin.vpk', bukkitPluginJar(), 415, 'ADDON_TYPE_NOT_ALLOWED'],
      ['maps.zip', campaignVpk(), 415, 'ADDON_TYPE_NOT_ALLOWED'],
      ['big.vpk', buildVpk([{ path: 'maps/big.bsp', data: Buffer.alloc(7000) }]), 413, 'QUOTA_EXCEEDED'],
      ['../../escape.vpk', campaignVpk(), 400, 'INVALID_FILE_NAME'],
      ['..\\..\\escape.vpk', campaignVpk(), 400, 'INVALID_FILE_NAME'],
      ['/etc/passwd.vpk', campaignVpk(), 400, 'INVALID_FILE_NAME'],
      ['.hidden.vpk', campaignVpk(), 400, 'INVALID_FILE_NAME'],
      ['a%2F..%2Fb.vpk', campaignVpk(), 400, 'INVALID_FILE_NAME'],
      ['nul\u0000.vpk', campaignVpk(), 400, 'INVALID_FILE_NAME'],
    ];
    for (const [name, data, status, code] of cases) {
      const response = await upload(share.id, name, data);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(response.json()).toMatchObject({ error: code });
      const raw = await uploadRaw(share.id, name, data);
      expect(raw.statusCode, `${name} (raw body): ${raw.body}`).toBe(status);
      // In the query string a NUL is refused at the door, before the name rule.
      expect(raw.json()).toMatchObject({ error: name.includes('\u0000') ? 'NUL_CHARACTER' : code });
    }
    const unnamed = await uploadRaw(share.id, null, campaignVpk());
    expect(unnamed.statusCode, unnamed.body).toBe(400);
    expect(unnamed.json()).toMatchObject({ error: 'NO_FILE' });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/shares/${share.id}/addons`,
      headers: admin.headers,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    const detail = await t.app.inject({ method: 'GET', url: `/api/shares/${share.id}`, headers: admin.headers });
    expect(detail.json().addons).toEqual([]);
    expect(storedFiles(share.id)).toEqual([]);
    expect(stagingFiles()).toEqual([]);
    const tooSmallQuota = await upload(share.id, 'ok.vpk', campaignVpk());
    expect(tooSmallQuota.statusCode, tooSmallQuota.body).toBe(201);
  });

  it('takes the file as the raw body too: same details, limits and refusals, before reading when the size says so', async () => {
    const share = await createShare({ name: 'Raw', game: 'l4d2', quotaBytes: 6000 });
    const vpk = campaignVpk('Raw Carnival', 2);
    const response = await uploadRaw(share.id, 'raw carnival (v2).vpk', vpk);
    expect(response.statusCode, response.body).toBe(201);
    const addon = response.json() as Addon;
    expect(addon).toMatchObject({ name: 'raw carnival (v2).vpk', title: 'Raw Carnival', size: vpk.length });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/shares/${share.id}/addons/${addon.id}/file`,
      headers: admin.headers,
    });
    expect(file.rawPayload.equals(vpk)).toBe(true);
    // The same name replaces, as a multipart upload does.
    const again = await uploadRaw(share.id, 'raw carnival (v2).vpk', campaignVpk('Raw Carnival 3'));
    expect(again.json()).toMatchObject({ id: addon.id, title: 'Raw Carnival 3' });

    // A declared size past the quota is refused from the headers alone.
    const big = buildVpk([{ path: 'maps/big.bsp', data: Buffer.alloc(7000) }]);
    const declared = await uploadRaw(share.id, 'big.vpk', big);
    expect(declared.statusCode, declared.body).toBe(413);
    expect(declared.json()).toMatchObject({ error: 'QUOTA_EXCEEDED' });
    // Without a declared size (chunked) the limit ends the stream as the bytes arrive.
    const chunked = await t.app.inject({
      method: 'POST',
      url: `/api/shares/${share.id}/addons?name=big.vpk`,
      headers: { ...admin.headers, 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      payload: Readable.from([big.subarray(0, 3000), big.subarray(3000)]),
    });
    expect(chunked.statusCode, chunked.body).toBe(413);
    expect(chunked.json()).toMatchObject({ error: 'QUOTA_EXCEEDED' });
    const empty = await uploadRaw(share.id, 'empty.vpk', Buffer.alloc(0));
    expect(empty.statusCode, empty.body).toBe(415);
    expect(empty.json()).toMatchObject({ error: 'ADDON_TYPE_NOT_ALLOWED' });

    const stranger = await signInAs(t, { codes: ['shares.view'] });
    const forbidden = await uploadRaw(share.id, 'other.vpk', campaignVpk(), stranger.headers);
    expect(forbidden.statusCode).toBe(403);
    expect((await uploadRaw('nope', 'a.vpk', campaignVpk())).statusCode).toBe(404);
    const detail = await t.app.inject({ method: 'GET', url: `/api/shares/${share.id}`, headers: admin.headers });
    expect((detail.json() as { addons: Addon[] }).addons.map((item) => item.name)).toEqual(['raw carnival (v2).vpk']);
    expect(storedFiles(share.id)).toHaveLength(1);
    expect(stagingFiles()).toEqual([]);
  });

  it('answers a raw body over the limit on the socket with 413, declared or not, and keeps the connection usable', async () => {
    const share = await createShare({ name: 'Raw over HTTP', game: 'l4d2', quotaBytes: 100_000 });
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: Buffer, chunked: boolean) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            agent,
            method: 'POST',
            path: `/api/shares/${share.id}/addons?name=big.vpk`,
            headers: {
              ...admin.headers,
              'content-type': 'application/octet-stream',
              ...(chunked ? {} : { 'content-length': body.length }),
            },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (piece: string) => {
              text += piece;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          },
        );
        request.on('error', reject);
        // Sent in pieces: the refusal comes while the client is still sending.
        for (let offset = 0; offset < body.length; offset += 65_536)
          request.write(body.subarray(offset, offset + 65_536));
        request.end();
      });
    const big = buildVpk([{ path: 'maps/big.bsp', data: Buffer.alloc(1_000_000) }]);
    for (const chunked of [false, true]) {
      const refused = await post(big, chunked);
      expect(refused.status, refused.body).toBe(413);
      expect(JSON.parse(refused.body)).toMatchObject({ error: 'QUOTA_EXCEEDED' });
    }
    const fits = await post(campaignVpk(), false);
    expect(fits.status, fits.body).toBe(201);
    agent.destroy();
    expect(stagingFiles()).toEqual([]);
  });

  it('takes jars in Minecraft shares only', async () => {
    const share = await createShare({ name: 'Plugins', game: 'minecraft' });
    const response = await upload(share.id, 'SpawnGuard.jar', bukkitPluginJar());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ title: 'SpawnGuard', details: { kind: 'jar', version: '2.0.1' } });
    expect((await upload(share.id, 'maps.vpk', campaignVpk())).json()).toMatchObject({
      error: 'ADDON_TYPE_NOT_ALLOWED',
    });
  });

  it.each(['multipart', 'raw body'])('an upload cut off mid-way leaves nothing behind (%s)', async (way) => {
    const share = await createShare({ name: `Interrupted ${way}`, game: 'l4d2' });
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body =
      way === 'multipart'
        ? multipartFile('half.vpk', Buffer.alloc(0))
        : { head: Buffer.alloc(0), contentType: 'application/octet-stream' };
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/shares/${share.id}/addons${way === 'multipart' ? '' : '?name=half.vpk'}`,
        headers: { ...admin.headers, 'content-type': body.contentType, 'content-length': 10_000_000 },
      });
      request.on('error', () => resolve());
      request.write(body.head);
      request.write(campaignVpk());
      request.write(Buffer.alloc(500_000));
      // Give the server time to stage what arrived, then drop the connection.
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 300);
    });
    for (let i = 0; i < 50 && stagingFiles().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stagingFiles()).toEqual([]);
    expect(storedFiles(share.id)).toEqual([]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/shares/${share.id}`, headers: admin.headers });
    expect(detail.json().addons).toEqual([]);
  });

  it('answers 404 for unknown shares and addons and 400 for malformed ids', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/shares/nope', headers: admin.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/shares/a.b', headers: admin.headers })).statusCode).toBe(
      400,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/shares/..%2F..%2Fetc/addons/x', headers: admin.headers }))
        .statusCode,
    ).toBe(400);
    expect((await upload('nope', 'a.vpk', campaignVpk())).statusCode).toBe(404);
  });
});

describe('shares on the S3 driver', () => {
  let fakeS3: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    fakeS3 = await startFakeS3();
    t = await startTestApp(testDatabases()[0] as never, {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: fakeS3.endpoint,
      S3_BUCKET: fakeS3.bucket,
      S3_ACCESS_KEY_ID: fakeS3.accessKeyId,
      S3_SECRET_ACCESS_KEY: fakeS3.secretAccessKey,
      STORAGE_STAGING_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-s3-staging-')),
    });
  });
  afterAll(async () => {
    await t.close();
    await fakeS3.close();
  });

  it('stores uploads in the bucket and serves ranges from it', async () => {
    const admin = await signInAs(t, { codes: ALL });
    const share = (
      await t.app.inject({
        method: 'POST',
        url: '/api/shares',
        headers: admin.headers,
        payload: { name: 'Bucket', game: 'tf2' },
      })
    ).json() as Share;
    const vpk = campaignVpk('In the bucket');
    const body = multipartFile('bucket.vpk', vpk);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/shares/${share.id}/addons`,
      headers: { ...admin.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const keys = [...fakeS3.objects.keys()];
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^shares/${share.id}/[0-9a-f]{24}$`))]);
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/shares/${share.id}/addons/${uploaded.json().id}/file`,
      headers: { ...admin.headers, range: 'bytes=0-3' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(vpk.subarray(0, 4))).toBe(true);
    await t.app.inject({ method: 'DELETE', url: `/api/shares/${share.id}`, headers: admin.headers });
    expect(fakeS3.objects.size).toBe(0);
  });
});
