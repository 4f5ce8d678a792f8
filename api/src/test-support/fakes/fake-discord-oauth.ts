import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './http-fake';

export interface FakeDiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
}

export interface FakeDiscord {
  /** Base URL; the DISCORD_* settings point at its paths (see `env`). */
  url: string;
  env: Record<string, string>;
  /** Who the authorize page approves as. */
  user: FakeDiscordUser;
  /** When true the token endpoint refuses refresh_token grants (invalid_grant). */
  refuseRefresh: boolean;
  /** Lifetime of issued access tokens. */
  expiresIn: number;
  revoked: string[];
  close(): Promise<void>;
}

const CLIENT_ID = 'outpost-test-client';
const CLIENT_SECRET = 'outpost-test-secret';

/**
 * Discord's OAuth 2.0 authorization server and `/users/@me` on loopback. The authorize
 * page approves at once; the token endpoint checks the client credentials, the redirect
 * URI and the PKCE verifier (S256) like Discord does, and issues refreshable tokens.
 */
export async function startFakeDiscordOAuth(user: FakeDiscordUser): Promise<FakeDiscord> {
  const codes = new Map<string, { challenge: string; redirectUri: string; user: FakeDiscordUser }>();
  const accessTokens = new Map<string, FakeDiscordUser>();
  const refreshTokens = new Map<string, FakeDiscordUser>();
  const issue = (owner: FakeDiscordUser) => {
    const access = randomBytes(16).toString('hex');
    const refresh = randomBytes(16).toString('hex');
    accessTokens.set(access, owner);
    refreshTokens.set(refresh, owner);
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: 'Bearer',
      expires_in: fake.expiresIn,
      scope: 'identify',
    };
  };
  const json = (response: http.ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = new URLSearchParams(request.method === 'POST' ? await readBody(request) : '');
    if (url.pathname === '/oauth2/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== CLIENT_ID || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
        return json(response, 400, { error: 'invalid_request' });
      }
      const code = randomBytes(8).toString('hex');
      const redirectUri = q.get('redirect_uri') ?? '';
      codes.set(code, { challenge: q.get('code_challenge') ?? '', redirectUri, user: { ...fake.user } });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', q.get('state') ?? '');
      response.writeHead(302, { location: target.toString() }).end();
      return;
    }
    if (url.pathname === '/api/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return json(response, 401, { error: 'invalid_client' });
      if (body.get('grant_type') === 'authorization_code') {
        const grant = codes.get(body.get('code') ?? '');
        codes.delete(body.get('code') ?? '');
        const verifier = body.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!grant || grant.redirectUri !== body.get('redirect_uri') || grant.challenge !== challenge) {
          return json(response, 400, { error: 'invalid_grant' });
        }
        return json(response, 200, issue(grant.user));
      }
      if (body.get('grant_type') === 'refresh_token') {
        const owner = refreshTokens.get(body.get('refresh_token') ?? '');
        if (!owner || fake.refuseRefresh) return json(response, 400, { error: 'invalid_grant' });
        refreshTokens.delete(body.get('refresh_token') ?? '');
        return json(response, 200, issue(owner));
      }
      if (body.get('grant_type') === 'client_credentials') {
        // Discord issues the application owner's token (no refresh token) for a matching id and secret.
        const { refresh_token: _refresh, ...token } = issue({ ...fake.user });
        return json(response, 200, token);
      }
      return json(response, 400, { error: 'unsupported_grant_type' });
    }
    if (url.pathname === '/api/oauth2/token/revoke') {
      fake.revoked.push(body.get('token') ?? '');
      return json(response, 200, {});
    }
    if (url.pathname === '/api/users/@me') {
      const owner = accessTokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!owner) return json(response, 401, { message: '401: Unauthorized', code: 0 });
      return json(response, 200, { global_name: null, avatar: null, ...owner });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeDiscord = {
    url: base,
    env: {
      DISCORD_CLIENT_ID: CLIENT_ID,
      DISCORD_CLIENT_SECRET: CLIENT_SECRET,
      DISCORD_AUTHORIZE_URL: `${base}/oauth2/authorize`,
      DISCORD_TOKEN_URL: `${base}/api/oauth2/token`,
      DISCORD_REVOKE_URL: `${base}/api/oauth2/token/revoke`,
      DISCORD_API_URL: `${base}/api`,
    },
    user,
    refuseRefresh: false,
    expiresIn: 604800,
    revoked: [],
    close: () => closeServer(server),
  };
  return fake;
}
