// Budget: a 1 GB addon upload to the local driver runs at >= 50 % of the speed of writing the
// same bytes with a plain stream copy (same run, same disk), and grows the API's RSS by <= 64 MB.
// Five rounds of (copy, upload) pairs; the median pair's ratio counts (issue 30: the disk and
// the CPU are shared, and one round's stall should not decide). Each round also times the floor
// any server has here: the same client's bytes received by a bare node:http server that only
// pipes the body into a file (no routing, parsing, hashing or checks). On this 2-core machine the
// client's sending and the loopback's work share the cores with the server, which a browser's
// upload does not; the floor shows how much of the gap is that.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { vpkHeadForOneFile } from '../api/src/test-support/addon-fixtures';
import { multipartFile } from '../api/src/test-support/multipart';
import { signInAs, startTestApp } from '../api/src/test-support/test-app';
import { testDatabases } from '../api/src/test-support/test-databases';
import type { BenchResult } from './run';
import { uploadFromChild } from './upload-client';

const BYTES = 1024 ** 3;
const MiB = 1024 * 1024;
const ROUNDS = Number(process.env.UPLOAD_ROUNDS ?? 5);

function* chunks(total: number) {
  const chunk = Buffer.alloc(MiB, 0x5a);
  for (let sent = 0; sent < total; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, total - sent));
}

export default async function bench(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-bench-upload-'));
  // A starved machine can take more than the default 30 s for 1 GB: the bench measures speed, not that limit.
  const t = await startTestApp(testDatabases()[0] as never, {
    STORAGE_DIR: path.join(dir, 'files'),
    REQUEST_TIMEOUT_MS: '3600000',
  });
  try {
    const admin = await signInAs(t, { codes: ['shares.*'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const floorServer = http.createServer((request, response) => {
      pipeline(request, fs.createWriteStream(path.join(dir, 'floor.bin'), { highWaterMark: MiB })).then(
        () => response.writeHead(201, { 'content-type': 'application/json' }).end('{}'),
        (error: Error) => response.writeHead(500).end(error.message),
      );
    });
    await new Promise<void>((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
    const floorPort = (floorServer.address() as AddressInfo).port;
    const copies: number[] = [];
    const uploads: number[] = [];
    const floors: number[] = [];
    let growth = 0;
    for (let round = 0; round < ROUNDS; round++) {
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
      // As the shares page sends it (upload-request.ts): the file as the body, its name in ?name=.
      // UPLOAD_MULTIPART=1 measures the multipart/form-data way instead.
      const multipart = process.env.UPLOAD_MULTIPART === '1';
      const body = multipart
        ? multipartFile('huge.vpk', Buffer.alloc(0))
        : { head: Buffer.alloc(0), tail: Buffer.alloc(0), contentType: 'application/octet-stream' };
      const head = Buffer.concat([body.head, vpkHeadForOneFile('maps/huge.bsp', BYTES)]);
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 25);
      const result = await uploadFromChild(
        port,
        `/api/shares/${share.id}/addons${multipart ? '' : '?name=huge.vpk'}`,
        { ...admin.headers, 'content-type': body.contentType },
        head,
        BYTES,
        body.tail,
      );
      uploads.push(result.ms);
      clearInterval(sampler);
      if (result.status !== 201) throw new Error(`upload failed: ${result.status} ${result.body}`);
      growth = Math.max(growth, peak - before);
      await t.app.inject({ method: 'DELETE', url: `/api/shares/${share.id}`, headers: admin.headers });

      const floor = await uploadFromChild(floorPort, '/floor', {}, Buffer.alloc(0), BYTES, Buffer.alloc(0));
      if (floor.status !== 201) throw new Error(`the bare receive failed: ${floor.status} ${floor.body}`);
      floors.push(floor.ms);
      fs.rmSync(path.join(dir, 'floor.bin'));
    }
    floorServer.close();
    const ratios = copies.map((copied, round) => copied / (uploads[round] as number)).sort((a, b) => a - b);
    const middle = ratios.length >> 1;
    const ratio =
      ratios.length % 2
        ? (ratios[middle] as number)
        : ((ratios[middle - 1] as number) + (ratios[middle] as number)) / 2;
    const copy = [...copies].sort((a, b) => a - b)[copies.length >> 1] as number;
    const floorRatios = copies.map((copied, round) => copied / (floors[round] as number)).sort((a, b) => a - b);
    const floorRatio = floorRatios[floorRatios.length >> 1] as number;
    const floorMs = [...floors].sort((a, b) => a - b)[floors.length >> 1] as number;
    const upload = [...uploads].sort((a, b) => a - b)[uploads.length >> 1] as number;
    const mbps = (ms: number) => `${(BYTES / MiB / (ms / 1000)).toFixed(0)} MiB/s`;
    return [
      {
        budget: '1 GB addon upload vs a plain stream copy',
        measured: `${(ratio * 100).toFixed(0)} % (${process.env.UPLOAD_MULTIPART === '1' ? 'multipart' : 'raw body'}, median of ${ROUNDS} pairs; ratios ${ratios.map((r) => `${Math.round(r * 100)}%`).join(' ')}; median upload ${mbps(upload)}, copy ${mbps(copy)})`,
        limit: '>= 50 %',
        baseline: `plain stream copy ${mbps(copy)} (median); floor here, a bare node:http receive into a file from the same client: ${mbps(floorMs)}, ${(floorRatio * 100).toFixed(0)} % of the copy (median ratio)`,
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
