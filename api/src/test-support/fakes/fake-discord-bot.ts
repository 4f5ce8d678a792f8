import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './http-fake';

// Discord, as the interactions endpoint and the command registration meet it (issue 26):
// an application with its own Ed25519 key pair that signs interactions the way Discord does
// (hex signature over timestamp + body, X-Signature-Ed25519 / X-Signature-Timestamp), and the
// REST API's PUT /applications/:id/commands (bulk overwrite), which it records.

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
  close(): Promise<void>;
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
  const server = http.createServer(async (request, response) => {
    const body = await readBody(request);
    const match = /^\/api\/v10\/applications\/(\d+)\/commands$/.exec(request.url ?? '');
    const answer = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    applicationId,
    botToken,
    publicKeyHex,
    apiUrl: `http://127.0.0.1:${port}/api`,
    registrations,
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
