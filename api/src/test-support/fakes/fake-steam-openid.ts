import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenIdAssociation } from '../../protocols/servers/openid-association';
import { closeServer, readBody } from './http-fake';

const NS = 'http://specs.openid.net/auth/2.0';
const DEFAULT_SIGNED = 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle';

export interface FakeSteamOptions {
  /** The account the login page signs in as, when a browser posts the checkid_setup form. */
  steamId?: string;
  /** Players GetPlayerSummaries knows: steamid -> name and avatar hash. */
  players?: Record<string, { personaname: string; avatarhash: string }>;
  /** When set, the Web API answers 403 (as Steam does) to any other key. */
  apiKey?: string;
}

export interface FakeSteam {
  /** The OpenID endpoint (what STEAM_OPENID_URL points at). */
  openidUrl: string;
  /** The Steam Web API base (STEAM_WEB_API_URL). */
  webApiUrl: string;
  options: Required<Omit<FakeSteamOptions, 'apiKey'>>;
  /** What check_authentication answers; 'signature' (the default) really checks the signature. */
  checkAnswer: 'signature' | 'true' | 'false';
  checkAuthenticationCalls: number;
  /** A signed positive assertion for `steamId`, as the query string Steam appends to return_to. */
  assert(steamId: string, returnTo: string, tweak?: { signed?: string; opEndpoint?: string; nonceTime?: Date }): string;
  close(): Promise<void>;
}

/**
 * Steam's OpenID 2.0 provider and the bits of the Steam Web API sign-in uses, on loopback.
 * It signs assertions with a secret association (HMAC-SHA256 over the key-value form of
 * the signed fields) and answers check_authentication by checking that signature, so an
 * assertion altered after signing is refused just as Steam refuses it.
 */
export async function startFakeSteamOpenId(options: FakeSteamOptions = {}): Promise<FakeSteam> {
  const association = createOpenIdAssociation();

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = request.method === 'POST' ? await readBody(request) : '';
    const params = new URLSearchParams(request.method === 'POST' ? body : url.search);
    if (url.pathname === '/openid/login') {
      const mode = params.get('openid.mode');
      if (mode === 'checkid_setup') {
        // The login page: approves at once as the configured account.
        const returnTo = params.get('openid.return_to') ?? '';
        const query = fake.assert(fake.options.steamId, returnTo);
        response.writeHead(302, { location: `${returnTo}${returnTo.includes('?') ? '&' : '?'}${query}` }).end();
        return;
      }
      if (mode === 'check_authentication') {
        fake.checkAuthenticationCalls += 1;
        const valid = fake.checkAnswer === 'signature' ? association.verify(params) : fake.checkAnswer === 'true';
        response.writeHead(200, { 'content-type': 'text/plain' }).end(`ns:${NS}\nis_valid:${valid}\n`);
        return;
      }
      response.writeHead(400).end('unknown mode');
      return;
    }
    if (url.pathname === '/ISteamUser/GetPlayerSummaries/v2/') {
      if (options.apiKey !== undefined && url.searchParams.get('key') !== options.apiKey) {
        response.writeHead(403, { 'content-type': 'text/html' }).end('<html><body><h1>Forbidden</h1></body></html>');
        return;
      }
      const players = (url.searchParams.get('steamids') ?? '')
        .split(',')
        .filter((id) => fake.options.players[id])
        .map((id) => ({ steamid: id, ...fake.options.players[id] }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response: { players } }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeSteam = {
    openidUrl: `${base}/openid/login`,
    webApiUrl: base,
    options: { steamId: options.steamId ?? '76561197960287930', players: options.players ?? {} },
    checkAnswer: 'signature',
    checkAuthenticationCalls: 0,
    assert(steamId, returnTo, tweak = {}) {
      const id = `https://steamcommunity.com/openid/id/${steamId}`;
      const signed = tweak.signed ?? DEFAULT_SIGNED;
      const time = (tweak.nonceTime ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const fields = new Map([
        ['openid.ns', NS],
        ['openid.mode', 'id_res'],
        ['openid.op_endpoint', tweak.opEndpoint ?? fake.openidUrl],
        ['openid.claimed_id', id],
        ['openid.identity', id],
        ['openid.return_to', returnTo],
        ['openid.response_nonce', `${time}${randomBytes(6).toString('hex')}`],
        ['openid.assoc_handle', association.handle],
        ['openid.signed', signed],
      ]);
      fields.set('openid.sig', association.sign(fields, signed));
      return new URLSearchParams([...fields]).toString();
    },
    close: () => closeServer(server),
  };
  return fake;
}
