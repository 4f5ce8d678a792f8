export interface SteamPlayerSummary {
  name: string;
  avatarHash: string | null;
}

/**
 * Name and avatar hash from the Steam Web API's GetPlayerSummaries; null when no key is
 * configured or Steam does not answer (sign-in goes on without them).
 */
export async function fetchPlayerSummary(
  webApiUrl: string,
  apiKey: string | undefined,
  steamId: string,
): Promise<SteamPlayerSummary | null> {
  if (!apiKey) return null;
  const url = new URL(`${webApiUrl.replace(/\/+$/, '')}/ISteamUser/GetPlayerSummaries/v2/`);
  url.searchParams.set('key', apiKey);
  url.searchParams.set('steamids', steamId);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    const body = (await response.json()) as { response?: { players?: unknown[] } };
    const player = body.response?.players?.[0] as { steamid?: unknown; personaname?: unknown; avatarhash?: unknown };
    if (!player || player.steamid !== steamId || typeof player.personaname !== 'string') return null;
    const avatarHash =
      typeof player.avatarhash === 'string' && /^[0-9a-f]{1,64}$/.test(player.avatarhash) ? player.avatarhash : null;
    return { name: player.personaname.slice(0, 100) || steamId, avatarHash };
  } catch {
    return null;
  }
}
