import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './http-fake';

/** What the next request to a webhook gets instead of a normal answer (consumed in order). */
export type FakeWebhookAnswer =
  | {
      kind: 'rate-limit';
      retryAfter: number /** Retry-After header (whole seconds, as Discord rounds up). */;
      header?: string;
    }
  | { kind: 'status'; status: number }
  | { kind: 'hang' };

export interface FakeWebhookMessage {
  webhookId: string;
  token: string;
  wait: boolean;
  body: {
    embeds?: {
      title?: string;
      description?: string;
      url?: string;
      color?: number;
      timestamp?: string;
      fields?: { name: string; value: string }[];
    }[];
    allowed_mentions?: unknown;
    content?: string;
  };
  /** Date.now() when it arrived. */
  at: number;
}

export interface FakeDiscordWebhooks {
  /** Base URL: DISCORD_WEBHOOK_URL. */
  url: string;
  /** Messages posted (answered 200/204), in order. */
  messages: FakeWebhookMessage[];
  /** Every request, answered or not, with what it got. */
  requests: { webhookId: string; at: number; status: number | 'hung' }[];
  /** Answers queued for the next requests to a webhook id ('*': any). */
  script: Map<string, FakeWebhookAnswer[]>;
  /** Webhook ids Discord no longer knows (404 Unknown Webhook). */
  deleted: Set<string>;
  /** Sends X-RateLimit-Remaining: 0 and this X-RateLimit-Reset-After (seconds) on successes, when set. */
  bucketResetAfter: number | null;
  /** A fresh Discord-shaped webhook URL (https://discord.com/api/webhooks/<id>/<token>). */
  newWebhookUrl(): { url: string; id: string; token: string };
  /** Releases requests held by a `hang` answer (they get a 503). */
  releaseHung(): void;
  close(): Promise<void>;
}

const snowflake = () => `${BigInt(1_100_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15)))}`;

/**
 * Discord's Execute Webhook endpoint on loopback (POST /api/webhooks/:id/:token[?wait=true]),
 * answering as Discord does: 200 with the message (wait=true) or 204; 400 for an empty or
 * malformed message; 404 {"message":"Unknown Webhook","code":10015}; 429 with a JSON
 * retry_after (seconds, fractional), Retry-After and X-RateLimit-* headers; 5xx; or no answer.
 * Tests script the answers; e2e drives it through its /_fake/ control routes.
 */
export async function startFakeDiscordWebhooks(port = 0): Promise<FakeDiscordWebhooks> {
  const hung = new Set<http.ServerResponse>();
  const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const text = request.method === 'POST' || request.method === 'PUT' ? await readBody(request) : '';
    // Control routes for e2e (another process): read what arrived, script the next answers.
    if (url.pathname === '/_fake/messages' && request.method === 'GET') {
      return json(response, 200, { messages: fake.messages, requests: fake.requests });
    }
    if (url.pathname === '/_fake/script' && request.method === 'POST') {
      const { webhookId, answers } = JSON.parse(text) as { webhookId: string; answers: FakeWebhookAnswer[] };
      fake.script.set(webhookId, [...(fake.script.get(webhookId) ?? []), ...answers]);
      return json(response, 200, { ok: true });
    }
    const match = /^\/api(?:\/v\d+)?\/webhooks\/(\d+)\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    if (!match || request.method !== 'POST') return json(response, 404, { message: '404: Not Found', code: 0 });
    const [, webhookId = '', token = ''] = match;
    const answer = fake.script.get(webhookId)?.shift() ?? fake.script.get('*')?.shift();
    const record = (status: number | 'hung') => fake.requests.push({ webhookId, at: Date.now(), status });
    if (answer?.kind === 'hang') {
      record('hung');
      hung.add(response);
      response.on('close', () => hung.delete(response));
      return;
    }
    if (fake.deleted.has(webhookId)) {
      record(404);
      return json(response, 404, { message: 'Unknown Webhook', code: 10015 });
    }
    if (answer?.kind === 'rate-limit') {
      record(429);
      return json(
        response,
        429,
        { message: 'You are being rate limited.', retry_after: answer.retryAfter, global: false },
        {
          'retry-after': answer.header ?? String(Math.ceil(answer.retryAfter)),
          'x-ratelimit-limit': '5',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset-after': String(answer.retryAfter),
          'x-ratelimit-scope': 'user',
        },
      );
    }
    if (answer?.kind === 'status') {
      record(answer.status);
      return json(response, answer.status, {
        message: answer.status >= 500 ? 'Bad Gateway' : 'Invalid Form Body',
        code: answer.status >= 500 ? 0 : 50035,
      });
    }
    let body: FakeWebhookMessage['body'];
    try {
      body = JSON.parse(text);
    } catch {
      record(400);
      return json(response, 400, { message: 'The request body contains invalid JSON.', code: 50109 });
    }
    if (typeof body !== 'object' || body === null || (!body.content && !body.embeds?.length)) {
      record(400);
      return json(response, 400, { message: 'Cannot send an empty message', code: 50006 });
    }
    const wait = url.searchParams.get('wait') === 'true';
    fake.messages.push({ webhookId, token, wait, body, at: Date.now() });
    const status = wait ? 200 : 204;
    record(status);
    const headers: Record<string, string> = {
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': fake.bucketResetAfter === null ? '4' : '0',
      'x-ratelimit-reset-after': String(fake.bucketResetAfter ?? 2),
    };
    if (!wait) return response.writeHead(204, headers).end();
    return json(
      response,
      200,
      { id: snowflake(), type: 0, channel_id: snowflake(), webhook_id: webhookId, ...body },
      headers,
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const fake: FakeDiscordWebhooks = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages: [],
    requests: [],
    script: new Map(),
    deleted: new Set(),
    bucketResetAfter: null,
    newWebhookUrl() {
      const id = snowflake();
      const token = randomBytes(51).toString('base64url');
      return { id, token, url: `https://discord.com/api/webhooks/${id}/${token}` };
    },
    releaseHung() {
      for (const response of hung) json(response, 503, { message: 'released' });
      hung.clear();
    },
    async close() {
      fake.releaseHung();
      await closeServer(server);
    },
  };
  return fake;
}
