import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingServer, closeServer, startCountingServer } from '../../../test-support/fakes/http-fake';
import { sendToWebhook } from './discord-sender';

// Issue 31 item 9: a webhook is sent through the shared guard (lib/guarded-http), and the
// reason a delivery failed, shown to staff in its history, names no internal host.
describe('webhook sends through the guard', () => {
  let fake: CountingServer;
  beforeAll(async () => {
    fake = await startCountingServer((request, response) => {
      request.resume();
      response.writeHead(204).end();
    });
  });
  afterAll(() => closeServer(fake.server));

  it('refuses private targets and says why in words that name no address, port or host', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await closeServer(closed);
    const target = `http://127.0.0.1:${closedPort}/api/webhooks/1/t`;
    const signal = new AbortController().signal;
    const refused = await sendToWebhook(target, '{}', {
      timeoutMs: 2000,
      signal,
      trustedHosts: [`127.0.0.1:${closedPort}`],
    });
    expect(refused).toEqual({
      kind: 'retry',
      status: null,
      afterMs: null,
      error: 'Could not reach the webhook: the connection was refused',
    });
    for (const url of [
      `http://localhost:${fake.port}/hook`,
      `http://[::ffff:7f00:1]:${fake.port}/hook`,
      `http://10.0.0.5:${fake.port}/hook`,
    ]) {
      const outcome = await sendToWebhook(url, '{}', { timeoutMs: 2000, signal });
      expect(outcome).toEqual({
        kind: 'failed',
        status: null,
        error: 'Not sent: the host is or resolves to a private address',
      });
      expect(JSON.stringify(outcome)).not.toMatch(/127\.0\.0\.1|localhost|10\.0\.0\.5|ffff|\d{4,5}/);
    }
    expect(fake.hits).toBe(0);
  });
});
