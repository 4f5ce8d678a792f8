import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSteamStatus } from './steam-status';

describe('createSteamStatus', () => {
  let server: http.Server;
  let url: string;
  let answer = 200;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((_request, response) => {
      hits += 1;
      response.writeHead(answer).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reports Steam up when the status service answers 2xx, and caches the answer', async () => {
    answer = 200;
    hits = 0;
    const status = createSteamStatus(url);
    expect(await status.state()).toBe('online');
    expect(await status.state()).toBe('online');
    expect(hits).toBe(1);
  });

  it('reports Steam down on an error status, and refreshes a stale answer', async () => {
    answer = 503;
    const status = createSteamStatus(url, 0);
    expect(await status.state()).toBe('offline');
    answer = 200;
    await status.state(); // stale: served while the next check runs
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await status.state()).toBe('online');
  });

  it('reports unknown, not down, when the status service cannot be reached', async () => {
    expect(await createSteamStatus('http://127.0.0.1:9/status').state()).toBe('unknown');
  });

  it("reports unknown when the check is turned off with 'none'", async () => {
    expect(await createSteamStatus('none').state()).toBe('unknown');
  });
});
