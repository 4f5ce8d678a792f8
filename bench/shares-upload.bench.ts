// Budget: a 1 GB addon upload to the local driver runs at >= 50 % of the speed of writing the
// same bytes with a plain stream copy (same run, same disk), and grows the API's RSS by <= 64 MB.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { vpkHeadForOneFile } from '../api/src/test-support/addon-fixtures';
import { multipartFile } from '../api/src/test-support/multipart';
import { streamUpload } from '../api/src/test-support/stream-upload';
import { signInAs, startTestApp } from '../api/src/test-support/test-app';
import { testDatabases } from '../api/src/test-support/test-databases';
import type { BenchResult } from './run';

const BYTES = 1024 ** 3;
const MiB = 1024 * 1024;

function* chunks(total: number) {
  const chunk = Buffer.alloc(MiB, 0x5a);
  for (let sent = 0; sent < total; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, total - sent));
}

export default async function bench(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-bench-upload-'));
  const t = await startTestApp(testDatabases()[0] as never, { STORAGE_DIR: path.join(dir, 'files') });
  try {
    const admin = await signInAs(t, { codes: ['shares.*'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const copies: number[] = [];
    const uploads: number[] = [];
    let growth = 0;
    for (let round = 0; round < 2; round++) {
      // Baseline: the same bytes written by a plain stream copy.
      const copyStarted = performance.now();
      await pipeline(Readable.from(chunks(BYTES)), fs.createWriteStream(path.join(dir, 'copy.bin')));
      copies.push(performance.now() - copyStarted);
      fs.rmSync(path.join(dir, 'copy.bin'));

      const share = (
        await t.app.inject({
          method: 'POST',
          url: '/api/shares',
          headers: admin.headers,
          payload: { name: `Bench ${round}`, game: 'l4d2' },
        })
      ).json() as { id: string };
      const body = multipartFile('huge.vpk', Buffer.alloc(0));
      const head = Buffer.concat([body.head, vpkHeadForOneFile('maps/huge.bsp', BYTES)]);
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 25);
      const started = performance.now();
      const result = await streamUpload(
        port,
        `/api/shares/${share.id}/addons`,
        { ...admin.headers, 'content-type': body.contentType },
        head,
        BYTES,
        body.tail,
      );
      uploads.push(performance.now() - started);
      clearInterval(sampler);
      if (result.status !== 201) throw new Error(`upload failed: ${result.status} ${result.body}`);
      growth = Math.max(growth, peak - before);
      await t.app.inject({ method: 'DELETE', url: `/api/shares/${share.id}`, headers: admin.headers });
    }
    const copy = Math.min(...copies);
    const upload = Math.min(...uploads);
    const ratio = copy / upload;
    const mbps = (ms: number) => `${(BYTES / MiB / (ms / 1000)).toFixed(0)} MiB/s`;
    return [
      {
        budget: '1 GB addon upload vs a plain stream copy',
        measured: `${(ratio * 100).toFixed(0)} % (upload ${mbps(upload)}, copy ${mbps(copy)})`,
        limit: '>= 50 %',
        baseline: `plain stream copy ${mbps(copy)}`,
        ok: ratio >= 0.5,
        value: ratio,
        better: 'higher',
      },
      {
        budget: '1 GB addon upload: API RSS growth',
        measured: `${(growth / MiB).toFixed(1)} MB`,
        limit: '<= 64 MB',
        ok: growth <= 64 * MiB,
        value: growth,
        better: 'lower',
      },
    ];
  } finally {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
