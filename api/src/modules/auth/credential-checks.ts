import type { Config } from '../../config';

// "Test" buttons of the guided setup and the settings (issue 24 item 2): does a Steam Web API
// key, or a Discord application's client id and secret, work? Each asks the real provider
// once and answers ok / invalid / unreachable. The caller never learns more than that: no
// provider body, no address, no secret goes back (the messages are ours, fixed).

export type CredentialCheck = { result: 'ok' | 'invalid' | 'unreachable'; message: string };

const TIMEOUT_MS = 8000;
/** Any public profile does: Steam answers an empty list for an unknown id with a good key. */
const PROBE_STEAM_ID = '76561197960287930';

const UNREACHABLE = (who: string): CredentialCheck => ({
  result: 'unreachable',
  message: `${who} could not be reached from this server, so the key was not checked. Try again later.`,
});

/** GetPlayerSummaries with the key: 200 with a players list is ok; 401 / 403 is a bad key. */
export async function checkSteamApiKey(webApiUrl: string, key: string): Promise<CredentialCheck> {
  const url = new URL(`${webApiUrl.replace(/\/+$/, '')}/ISteamUser/GetPlayerSummaries/v2/`);
  url.searchParams.set('key', key);
  url.searchParams.set('steamids', PROBE_STEAM_ID);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch {
    return UNREACHABLE('The Steam Web API');
  }
  if (response.status === 401 || response.status === 403) {
    return { result: 'invalid', message: 'Steam refused this key. Copy it again from steamcommunity.com/dev/apikey.' };
  }
  if (!response.ok) return UNREACHABLE('The Steam Web API');
  const body = (await response.json().catch(() => null)) as { response?: { players?: unknown } } | null;
  if (!Array.isArray(body?.response?.players)) return UNREACHABLE('The Steam Web API');
  return { result: 'ok', message: 'Steam accepted the key: names and avatars will be fetched at sign-in.' };
}

/**
 * The client credentials grant on Discord's token endpoint: it answers a token only for a
 * matching client id and secret, and invalid_client otherwise. The token is revoked at once.
 */
export async function checkDiscordApplication(
  config: Pick<Config, 'DISCORD_TOKEN_URL' | 'DISCORD_REVOKE_URL'>,
  clientId: string,
  clientSecret: string,
): Promise<CredentialCheck> {
  const authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
  let response: Response;
  try {
    response = await fetch(config.DISCORD_TOKEN_URL, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'identify' }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch {
    return UNREACHABLE('Discord');
  }
  const body = (await response.json().catch(() => null)) as { access_token?: unknown; error?: unknown } | null;
  if (response.status === 401 || body?.error === 'invalid_client') {
    return {
      result: 'invalid',
      message: 'Discord refused this client id and secret. Copy both again from the application’s OAuth2 page.',
    };
  }
  if (!response.ok || typeof body?.access_token !== 'string') return UNREACHABLE('Discord');
  const token = body.access_token;
  // Not needed beyond the check; failing to revoke it changes nothing for the answer.
  void fetch(config.DISCORD_REVOKE_URL, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch(() => undefined);
  return { result: 'ok', message: 'Discord accepted the client id and secret.' };
}
