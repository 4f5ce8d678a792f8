import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingServer, closeServer, startCountingServer } from '../test-support/fakes/http-fake';
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
  let fake: CountingServer;
  beforeAll(async () => {
    fake = await startCountingServer((request, response) => {
      request.resume();
      if (request.url === '/redirect')
        response.writeHead(302, { location: `http://localhost:${fake.port}/inside` }).end();
      else response.writeHead(200).end('inside');
    });
  });
  afterAll(() => closeServer(fake.server));

  it.each([
    ['a name resolving to loopback', () => `http://localhost:${fake.port}/`],
    ['another such name', () => `http://vm:${fake.port}/`],
    ['an IPv4 literal', () => `http://127.0.0.1:${fake.port}/`],
    ['a decimal IPv4', () => `http://2130706433:${fake.port}/`],
    ['a hex IPv4', () => `http://0x7f000001:${fake.port}/`],
    ['a short IPv4', () => `http://127.1:${fake.port}/`],
    ['an IPv6 literal', () => `http://[::1]:${fake.port}/`],
    ['an IPv4-mapped IPv6 literal', () => `http://[::ffff:127.0.0.1]:${fake.port}/`],
  ])('refuses %s before connecting', async (_what, url) => {
    const before = fake.hits;
    const refused = guardedRequest(new URL(url()), { timeoutMs: 2000 });
    await expect(refused).rejects.toBeInstanceOf(ConnectionRefusedError);
    expect(fake.hits).toBe(before);
  });

  it('checks the hop after a redirect again: a trusted host cannot send the caller inside', async () => {
    const first = await guardedRequest(new URL(`http://127.0.0.1:${fake.port}/redirect`), {
      timeoutMs: 2000,
      trustedHosts: [`127.0.0.1:${fake.port}`],
    });
    first.resume();
    expect(first.statusCode).toBe(302);
    const next = new URL(String(first.headers.location));
    await expect(
      guardedRequest(next, { timeoutMs: 2000, trustedHosts: [`127.0.0.1:${fake.port}`] }),
    ).rejects.toBeInstanceOf(ConnectionRefusedError);
  });
});

describe('reachErrorText', () => {
  it('names the reason, never the host', () => {
    const error = Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND' });
    expect(reachErrorText(error)).toBe('the host name was not found');
    expect(reachErrorText(new Error('connect ECONNREFUSED 10.0.0.5:5432'))).toBe('the connection failed');
  });
});
