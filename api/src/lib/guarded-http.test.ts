import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendToWebhook } from '../modules/panel/webhooks/discord-sender';
import { closeServer } from '../test-support/fakes/http-fake';
import { ConnectionRefusedError, guardedRequest, isPrivateAddress, reachErrorText } from './guarded-http';

// Issue 31 item 9: one guard for every connection to a host a user chose (webhooks and
// the Workshop downloader): every address checked at connect time, after every redirect,
// and errors shown to staff name no internal host.
describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.9.9',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '0:0:0:0:0:0:0:1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:0:127.0.0.1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2002:c0a8:101::',
    'localhost',
    '2130706433',
    '',
  ])('%j is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });
  it.each(['8.8.8.8', '1.1.1.1', '::ffff:8.8.8.8', '2606:4700:4700::1111', '2002:808:808::'])(
    '%j is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('guardedRequest', () => {
  let hits = 0;
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits += 1;
      request.resume();
      if (request.url === '/redirect') response.writeHead(302, { location: `http://localhost:${port}/inside` }).end();
      else response.writeHead(200).end('inside');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => closeServer(server));

  it.each([
    ['a name resolving to loopback', () => `http://localhost:${port}/`],
    ['another such name', () => `http://vm:${port}/`],
    ['an IPv4 literal', () => `http://127.0.0.1:${port}/`],
    ['a decimal IPv4', () => `http://2130706433:${port}/`],
    ['a hex IPv4', () => `http://0x7f000001:${port}/`],
    ['a short IPv4', () => `http://127.1:${port}/`],
    ['an IPv6 literal', () => `http://[::1]:${port}/`],
    ['an IPv4-mapped IPv6 literal', () => `http://[::ffff:127.0.0.1]:${port}/`],
  ])('refuses %s before connecting', async (_what, url) => {
    const before = hits;
    const refused = guardedRequest(new URL(url()), { timeoutMs: 2000 });
    await expect(refused).rejects.toBeInstanceOf(ConnectionRefusedError);
    expect(hits).toBe(before);
  });

  it('checks the hop after a redirect again: a trusted host cannot send the caller inside', async () => {
    const first = await guardedRequest(new URL(`http://127.0.0.1:${port}/redirect`), {
      timeoutMs: 2000,
      trustedHosts: [`127.0.0.1:${port}`],
    });
    first.resume();
    expect(first.statusCode).toBe(302);
    const next = new URL(String(first.headers.location));
    await expect(guardedRequest(next, { timeoutMs: 2000, trustedHosts: [`127.0.0.1:${port}`] })).rejects.toBeInstanceOf(
      ConnectionRefusedError,
    );
  });

  it('staff-facing reasons name no address, port or host', async () => {
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
      `http://localhost:${port}/hook`,
      `http://[::ffff:7f00:1]:${port}/hook`,
      `http://10.0.0.5:${port}/hook`,
    ]) {
      const outcome = await sendToWebhook(url, '{}', { timeoutMs: 2000, signal });
      expect(outcome).toEqual({
        kind: 'failed',
        status: null,
        error: 'Not sent: the host is or resolves to a private address',
      });
      expect(JSON.stringify(outcome)).not.toMatch(/127\.0\.0\.1|localhost|10\.0\.0\.5|ffff|\d{4,5}/);
    }
    expect(reachErrorText(Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND' }))).toBe(
      'the host name was not found',
    );
  });
});
