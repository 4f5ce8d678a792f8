import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer } from '../../../test-support/fakes/http-fake';
import { discordMessage } from './discord-message';
import { sendToWebhook } from './discord-sender';

// What each answer of a webhook means for a delivery, against a loopback server that sends
// exactly the status, headers and body under test (shapes as Discord documents them).
describe('sending to a webhook', () => {
  let answer: { status: number; headers?: Record<string, string>; body?: string; hang?: boolean } = { status: 204 };
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        if (answer.hang) return;
        response.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/1/t?wait=true`;
  });
  afterAll(() => closeServer(server));
  // The loopback fake stands where the operator's DISCORD_WEBHOOK_URL points: trusted.
  const send = (timeoutMs = 2000) =>
    sendToWebhook(url, '{}', { timeoutMs, signal: new AbortController().signal, trustedHosts: [new URL(url).host] });
  const json = { 'content-type': 'application/json' };

  it('2xx is delivered; an emptied bucket (X-RateLimit-Remaining: 0) asks the webhook to rest', async () => {
    answer = { status: 204, headers: { 'x-ratelimit-remaining': '3', 'x-ratelimit-reset-after': '1.5' } };
    expect(await send()).toEqual({ kind: 'delivered', status: 204, restMs: 0 });
    answer = { status: 200, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '1.25' }, body: '{}' };
    expect(await send()).toEqual({ kind: 'delivered', status: 200, restMs: 1250 });
  });

  it('429 waits the longest of retry_after, Retry-After and X-RateLimit-Reset-After', async () => {
    answer = {
      status: 429,
      headers: { ...json, 'retry-after': '1' },
      body: JSON.stringify({ retry_after: 0.42, global: false }),
    };
    expect(await send()).toMatchObject({ kind: 'retry', status: 429, afterMs: 1000 });
    answer = {
      status: 429,
      headers: json,
      body: JSON.stringify({ message: 'You are being rate limited.', retry_after: 2.345 }),
    };
    expect(await send()).toMatchObject({
      kind: 'retry',
      afterMs: 2345,
      error: 'Rate limited (429): retry after 2.3 s',
    });
    answer = { status: 429, headers: { 'retry-after': '3' }, body: 'slow down' };
    expect(await send()).toMatchObject({ kind: 'retry', afterMs: 3000 });
    // Nothing said: the caller's back-off applies.
    answer = { status: 429 };
    expect(await send()).toMatchObject({ kind: 'retry', afterMs: null });
    // A silly wait is capped at 15 minutes.
    answer = { status: 429, headers: { 'retry-after': '999999' } };
    expect(await send()).toMatchObject({ kind: 'retry', afterMs: 15 * 60_000 });
  });

  it('5xx and no answer are retried; 404/401 mean the webhook is gone; another 4xx fails', async () => {
    answer = { status: 503 };
    expect(await send()).toMatchObject({
      kind: 'retry',
      status: 503,
      afterMs: null,
      error: 'The webhook answered 503',
    });
    answer = { status: 200, hang: true };
    expect(await send(200)).toMatchObject({ kind: 'retry', status: null, error: 'No answer within 0 s' });
    answer = { status: 404, headers: json, body: JSON.stringify({ message: 'Unknown Webhook', code: 10015 }) };
    expect(await send()).toEqual({
      kind: 'gone',
      status: 404,
      error: 'The webhook no longer exists (404: Unknown Webhook)',
    });
    answer = { status: 401, headers: json, body: JSON.stringify({ message: 'Invalid Webhook Token', code: 50027 }) };
    expect(await send()).toMatchObject({ kind: 'gone', status: 401 });
    answer = { status: 413, headers: json, body: JSON.stringify({ message: 'Request entity too large', code: 40005 }) };
    expect(await send()).toEqual({
      kind: 'failed',
      status: 413,
      error: 'The webhook refused the message (413: Request entity too large)',
    });
    // A redirect is not followed (it could lead anywhere, the loopback included).
    answer = { status: 302, headers: { location: 'http://127.0.0.1:1/' } };
    expect((await send()).kind).toBe('retry');
  });
});

describe('the Discord message', () => {
  const site = { publicUrl: 'https://play.example.org', name: 'Example' };
  it('keeps within Discord’s embed limits and pings nobody', () => {
    const message = discordMessage(
      {
        kind: 'ban.created',
        title: 'T'.repeat(300),
        text: 'D'.repeat(5000),
        fields: Array.from({ length: 30 }, (_, i) => ({
          name: i === 0 ? '' : `F${i}`,
          value: i === 1 ? '' : 'V'.repeat(2000),
        })),
        path: '//evil.example/x',
        at: 1_700_000_000,
      },
      site,
    );
    const [embed] = message.embeds;
    expect(embed?.title).toHaveLength(256);
    expect(embed?.description).toHaveLength(4096);
    expect(embed?.fields).toHaveLength(25);
    expect(embed?.fields[0]?.name).toBe('—');
    expect(embed?.fields[1]?.value).toBe('—');
    expect(embed?.fields[2]?.value).toHaveLength(1024);
    // A protocol-relative path cannot send the link off the site.
    expect(embed?.url).toBe('https://play.example.org/');
    expect(embed?.timestamp).toBe('2023-11-14T22:13:20.000Z');
    expect(embed?.color).toBe(0xe74c3c);
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });
});
