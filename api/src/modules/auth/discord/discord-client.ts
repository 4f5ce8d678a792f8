import { CodeChallengeMethod, OAuth2Client, type OAuth2Tokens } from 'arctic';
import type { Config } from '../../../config';

const SCOPES = ['identify'];
const TIMEOUT_MS = 8000;

export interface DiscordTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface DiscordAccount {
  id: string;
  username: string;
  avatarUrl: string | null;
}

export interface DiscordClient {
  authorizationUrl(state: string, codeVerifier: string): URL;
  exchange(code: string, codeVerifier: string): Promise<DiscordTokens>;
  refresh(refreshToken: string): Promise<DiscordTokens>;
  revoke(token: string): Promise<void>;
  account(accessToken: string): Promise<DiscordAccount>;
}

/** arctic's OAuth 2.0 client on the configured Discord endpoints; null when Discord is not configured. */
export function createDiscordClient(config: Config): DiscordClient | null {
  if (!config.DISCORD_CLIENT_ID || !config.DISCORD_CLIENT_SECRET) return null;
  const redirectUri = `${config.PUBLIC_URL}/api/auth/discord/callback`;
  const client = new OAuth2Client(config.DISCORD_CLIENT_ID, config.DISCORD_CLIENT_SECRET, redirectUri);
  const toTokens = (tokens: OAuth2Tokens): DiscordTokens => ({
    accessToken: tokens.accessToken(),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
    expiresAt: Math.floor(tokens.accessTokenExpiresAt().getTime() / 1000),
  });
  return {
    authorizationUrl: (state, codeVerifier) =>
      client.createAuthorizationURLWithPKCE(
        config.DISCORD_AUTHORIZE_URL,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        SCOPES,
      ),
    exchange: async (code, codeVerifier) =>
      toTokens(await withTimeout(client.validateAuthorizationCode(config.DISCORD_TOKEN_URL, code, codeVerifier))),
    refresh: async (refreshToken) =>
      toTokens(await withTimeout(client.refreshAccessToken(config.DISCORD_TOKEN_URL, refreshToken, []))),
    revoke: (token) => withTimeout(client.revokeToken(config.DISCORD_REVOKE_URL, token)),
    async account(accessToken) {
      const response = await fetch(`${config.DISCORD_API_URL.replace(/\/+$/, '')}/users/@me`, {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`Discord answered ${response.status} for the account`);
      const me = (await response.json()) as {
        id?: unknown;
        username?: unknown;
        global_name?: unknown;
        avatar?: unknown;
      };
      if (typeof me.id !== 'string' || !/^\d{1,32}$/.test(me.id) || typeof me.username !== 'string') {
        throw new Error('Discord sent an account without id or username');
      }
      const name = typeof me.global_name === 'string' && me.global_name ? me.global_name : me.username;
      const avatar = typeof me.avatar === 'string' && /^(a_)?[0-9a-f]{1,64}$/.test(me.avatar) ? me.avatar : null;
      return {
        id: me.id,
        username: name.slice(0, 100),
        avatarUrl: avatar ? `https://cdn.discordapp.com/avatars/${me.id}/${avatar}.png` : null,
      };
    },
  };
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Discord did not answer in time')), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
