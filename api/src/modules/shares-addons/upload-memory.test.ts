import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Share } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vpkHeadForOneFile } from '../../test-support/addon-fixtures';
import { multipartFile } from '../../test-support/multipart';
import { streamUpload } from '../../test-support/stream-upload';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

const GIB = Number(process.env.UPLOAD_TEST_BYTES ?? 1024 ** 3);

describe('a 1 GB upload', () => {
  let t: TestApp;
  let admin: SignedIn;
  let storageDir: string;
  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-upload-memory-'));
    t = await startTestApp(testDatabases()[0] as never, { STORAGE_DIR: storageDir });
    admin = await signInAs(t, { codes: ['shares.*'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  // Both ways the API takes a file: as the body (the shares page) and as multipart (older clients,
  // scripts). Multipart once grew 76-94 MB here while the raw body stayed under 40 (staging-sink.ts).
  for (const way of ['the file as the body', 'multipart'] as const) {
    it(`is streamed to storage with RSS growth under 64 MB, and is a readable VPK afterwards (${way})`, {
      timeout: 120_000,
    }, async () => {
      const share = (
        await t.app.inject({
          method: 'POST',
          url: '/api/shares',
          headers: admin.headers,
          payload: { name: 'Big', game: 'l4d2' },
        })
      ).json() as Share;
      const head = vpkHeadForOneFile('maps/huge.bsp', GIB);
      const { port } = t.app.server.address() as AddressInfo;

      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 25);
      const multipart = multipartFile('huge.vpk', Buffer.alloc(0));
      const result =
        way === 'multipart'
          ? await streamUpload(
              port,
              `/api/shares/${share.id}/addons`,
              { ...admin.headers, 'content-type': multipart.contentType },
              Buffer.concat([multipart.head, head]),
              GIB,
              multipart.tail,
            )
          : // As the shares page sends it (upload-request.ts).
            await streamUpload(
              port,
              `/api/shares/${share.id}/addons?name=huge.vpk`,
              { ...admin.headers, 'content-type': 'application/octet-stream' },
              head,
              GIB,
              Buffer.alloc(0),
            );
      clearInterval(sampler);

      expect(result.status, result.body).toBe(201);
      expect(JSON.parse(result.body)).toMatchObject({ size: head.length + GIB, details: { maps: ['huge'] } });
      const growth = peak - before;
      expect(growth, `RSS grew by ${(growth / 1024 / 1024).toFixed(1)} MiB`).toBeLessThan(64 * 1024 * 1024);
    });
  }
});
