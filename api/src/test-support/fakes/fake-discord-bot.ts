import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './http-fake';

// Discord, as the interactions endpoint and the command registration meet it (issue 26):
// an application with its own Ed25519 key pair that signs interactions the way Discord does
// (hex signature over timestamp + body, X-Signature-Ed25519 / X-Signature-Timestamp), and the
// REST API's PUT /applications/:id/commands (bulk overwrite), which it records, and the
// follow-ups that edit a deferred answer (PATCH /webhooks/:app/:token/messages/@original).

export interface FakeDiscordBot {
  applicationId: string;
  botToken: string;
  /** The application's public key, 64 hex digits, as Discord's application page shows it. */
  publicKeyHex: string;
  /** DISCORD_API_URL for the API under test (…/api). */
  apiUrl: string;
  /** Headers for `body` signed now (or at `timestamp`), with another key when given. */
  signedHeaders(body: string, options?: { timestamp?: number; key?: KeyObject }): Record<string, string>;
  /** The command lists PUT by the API, in order. */
  registrations: { applicationId: string; authorization: string | undefined; commands: { name: string }[] }[];
  /** Bot REST calls on channels and guild members (issue 26 items 4 and 5), in order; 429s included. */
  calls: BotRestCall[];
  /** The channels the bot may write to (a message to another answers 404 Unknown Channel). */
  channels: Set<string>;
  /** Each channel's messages as they stand now, by id. */
  messages: Map<string, { channelId: string; body: Record<string, unknown>; edits: number }>;
  /** Guild member roles as they stand now: `${guild}/${user}` -> role ids. */
  memberRoles: Map<string, Set<string>>;
  /** Deferred answers edited through an interaction's token (PATCH /webhooks/:app/:token/messages/@original), in order. */
  followUps: { applicationId: string; token: string; authorization: string | undefined; body: { content?: string } }[];
  /** The content of the follow-up for this interaction token, once it arrives (rejects after `ms`). */
  followUpOf(token: string, ms?: number): Promise<string>;
  /**
   * What the caller sees for an interaction answered `answer`: itself, or for a deferral (type 5)
   * its flags with the content and mentions of the follow-up that edits it.
   */
  seen(answer: InteractionAnswer, token: string): Promise<InteractionAnswer & { data: { content: string } }>;
  /** The next `count` bot REST calls (follow-ups included) answer 429 with these waits (seconds). */
  rateLimitNext(count: number, retryAfter: number): void;
  close(): Promise<void>;
}

export interface InteractionAnswer {
  type: number;
  data?: { content?: string; flags?: number; allowed_mentions?: unknown; [key: string]: unknown };
}

export interface BotRestCall {
  method: string;
  path: string;
  status: number;
  body: unknown;
  at: number;
}

/** A fresh Ed25519 key pair and its raw public key in hex. */
export function ed25519Pair(): { privateKey: KeyObject; publicKeyHex: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return { privateKey, publicKeyHex: der.subarray(der.length - 32).toString('hex') };
}

export async function startFakeDiscordBot(): Promise<FakeDiscordBot> {
  const { privateKey, publicKeyHex } = ed25519Pair();
  const applicationId = '112233445566778899';
  const botToken = 'MTEyMjMzNDQ1NTY2Nzc4ODk5.fake-bot-token.for-tests-only';
  const registrations: FakeDiscordBot['registrations'] = [];
  const calls: BotRestCall[] = [];
  const messages: FakeDiscordBot['messages'] = new Map();
  const channels = new Set<string>();
  const memberRoles: FakeDiscordBot['memberRoles'] = new Map();
  const limited = { count: 0, retryAfter: 0 };
  const followUps: FakeDiscordBot['followUps'] = [];
  let nextMessageId = 700000000000000000n;
  const server = http.createServer(async (request, response) => {
    const body = await readBody(request);
    const rest = /^\/api\/v10\/(channels|guilds)\//.test(request.url ?? '');
    if (rest) {
      const answered = botRest(
        request.method ?? 'GET',
        (request.url ?? '').slice('/api/v10'.length),
        body,
        request.headers.authorization,
      );
      calls.push({
        method: request.method ?? 'GET',
        path: (request.url ?? '').slice('/api/v10'.length),
        status: answered.status,
        body: body ? JSON.parse(body) : null,
        at: Date.now(),
      });
      response.writeHead(answered.status, { 'content-type': 'application/json', ...answered.headers });
      response.end(answered.body === undefined ? '' : JSON.stringify(answered.body));
      return;
    }
    const match = /^\/api\/v10\/applications\/(\d+)\/commands$/.exec(request.url ?? '');
    const answer = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(value));
    };
    // A deferred interaction's answer: the token in the path authorizes it, no bot token.
    const followUp = /^\/api\/v10\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/.exec(request.url ?? '');
    if (followUp && request.method === 'PATCH') {
      const path = (request.url ?? '').slice('/api/v10'.length);
      const record = (status: number) =>
        calls.push({ method: 'PATCH', path, status, body: body ? JSON.parse(body) : null, at: Date.now() });
      if (limited.count > 0) {
        limited.count -= 1;
        record(429);
        return answer(
          429,
          { message: 'You are being rate limited.', retry_after: limited.retryAfter, global: false },
          { 'retry-after': String(Math.ceil(limited.retryAfter)), 'x-ratelimit-remaining': '0' },
        );
      }
      if (followUp[1] !== applicationId) {
        record(404);
        return answer(404, { message: 'Unknown Webhook', code: 10015 });
      }
      record(200);
      followUps.push({
        applicationId: followUp[1],
        token: decodeURIComponent(followUp[2] as string),
        authorization: request.headers.authorization,
        body: JSON.parse(body),
      });
      return answer(200, { id: '800000000000000001', ...JSON.parse(body) });
    }
    if (!match || request.method !== 'PUT') return answer(404, { message: '404: Not Found', code: 0 });
    if (request.headers.authorization !== `Bot ${botToken}`)
      return answer(401, { message: '401: Unauthorized', code: 0 });
    if (match[1] !== applicationId) return answer(404, { message: 'Unknown Application', code: 10002 });
    const commands = JSON.parse(body) as { name: string }[];
    registrations.push({ applicationId: match[1], authorization: request.headers.authorization, commands });
    answer(
      200,
      commands.map((command, index) => ({
        ...command,
        id: `90000000000000000${index}`,
        application_id: applicationId,
      })),
    );
  });
  /** Discord's channel message and member role routes, as far as the bot uses them. */
  function botRest(
    method: string,
    path: string,
    body: string,
    authorization: string | undefined,
  ): { status: number; body?: unknown; headers?: Record<string, string> } {
    if (authorization !== `Bot ${botToken}`) return { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    if (limited.count > 0) {
      limited.count -= 1;
      return {
        status: 429,
        body: { message: 'You are being rate limited.', retry_after: limited.retryAfter, global: false },
        headers: {
          'retry-after': String(Math.ceil(limited.retryAfter)),
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset-after': String(limited.retryAfter),
          'x-ratelimit-scope': 'user',
        },
      };
    }
    const bucket = { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset-after': '1' };
    const channel = /^\/channels\/(\d+)\//.exec(path);
    if (channel && !channels.has(channel[1] as string))
      return { status: 404, body: { message: 'Unknown Channel', code: 10003 } };
    const post = /^\/channels\/(\d+)\/messages$/.exec(path);
    if (post && method === 'POST') {
      nextMessageId += 1n;
      const id = String(nextMessageId);
      messages.set(id, { channelId: post[1] as string, body: JSON.parse(body), edits: 0 });
      return { status: 200, body: { id, channel_id: post[1] }, headers: bucket };
    }
    const edit = /^\/channels\/(\d+)\/messages\/(\d+)$/.exec(path);
    if (edit && method === 'PATCH') {
      const known = messages.get(edit[2] as string);
      if (!known || known.channelId !== edit[1])
        return { status: 404, body: { message: 'Unknown Message', code: 10008 } };
      messages.set(edit[2] as string, { ...known, body: JSON.parse(body), edits: known.edits + 1 });
      return { status: 200, body: { id: edit[2], channel_id: edit[1] }, headers: bucket };
    }
    const role = /^\/guilds\/(\d+)\/members\/(\d+)\/roles\/(\d+)$/.exec(path);
    if (role && (method === 'PUT' || method === 'DELETE')) {
      const key = `${role[1]}/${role[2]}`;
      const held = memberRoles.get(key) ?? new Set<string>();
      if (method === 'PUT') held.add(role[3] as string);
      else held.delete(role[3] as string);
      memberRoles.set(key, held);
      return { status: 204, headers: bucket };
    }
    return { status: 404, body: { message: '404: Not Found', code: 0 } };
  }

  async function followUpOf(token: string, ms = 5000): Promise<string> {
    const end = Date.now() + ms;
    for (;;) {
      const found = followUps.find((entry) => entry.token === token);
      if (found) return found.body.content ?? '';
      if (Date.now() > end) throw new Error(`No follow-up for the interaction token ${token}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    applicationId,
    botToken,
    publicKeyHex,
    apiUrl: `http://127.0.0.1:${port}/api`,
    registrations,
    calls,
    channels,
    messages,
    memberRoles,
    followUps,
    followUpOf,
    async seen(answer, token) {
      if (answer.type !== 5) return { ...answer, data: { ...answer.data, content: answer.data?.content ?? '' } };
      await followUpOf(token);
      const edit = followUps.find((entry) => entry.token === token)?.body as InteractionAnswer['data'];
      return {
        type: 5,
        data: { flags: answer.data?.flags, content: edit?.content ?? '', allowed_mentions: edit?.allowed_mentions },
      };
    },
    rateLimitNext(count, retryAfter) {
      limited.count = count;
      limited.retryAfter = retryAfter;
    },
    signedHeaders(body, options = {}) {
      const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
      const signature = sign(null, Buffer.from(timestamp + body), options.key ?? privateKey).toString('hex');
      return {
        'content-type': 'application/json',
        'x-signature-ed25519': signature,
        'x-signature-timestamp': timestamp,
      };
    },
    close: () => closeServer(server),
  };
}
