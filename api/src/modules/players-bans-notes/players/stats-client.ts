import { HttpError } from '../../../lib/http-error';

// The community's external stats service: GET {STATS_API_URL}/api/users/{id} -> {user}.
// SPEC 8: a missing user is 'No stats found for user'; any other failure carries the HTTP
// status, status text and body, in that order.

export class StatsServiceError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: string,
  ) {
    super(`${status} ${statusText} ${body}`.trim());
  }
}

/** The stats user, or null when the service has none for this id. */
export async function fetchStats(
  baseUrl: string,
  steamid: string,
  timeoutMs: number,
): Promise<Record<string, unknown> | null> {
  const url = `${baseUrl.replace(/\/+$/, '')}/api/users/${encodeURIComponent(steamid)}`;
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  });
  if (response.status === 404) return null;
  const body = await response.text();
  if (!response.ok) throw new StatsServiceError(response.status, response.statusText, body.slice(0, 500));
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new StatsServiceError(response.status, response.statusText, body.slice(0, 500));
  }
  const user = (parsed as { user?: unknown } | null)?.user;
  if (user === null || user === undefined) return null;
  if (typeof user !== 'object' || Array.isArray(user))
    throw new StatsServiceError(response.status, response.statusText, body.slice(0, 500));
  return user as Record<string, unknown>;
}

/** Maps the outcome to the API's answer: 404 / 502 / 504 with SPEC 8 messages. */
export async function statsOrHttpError(baseUrl: string | undefined, steamid: string, timeoutMs: number) {
  if (!baseUrl) throw new HttpError(503, 'STATS_UNAVAILABLE', 'No stats service is configured');
  let user: Record<string, unknown> | null;
  try {
    user = await fetchStats(baseUrl, steamid, timeoutMs);
  } catch (error) {
    if (error instanceof StatsServiceError) throw new HttpError(502, 'STATS_FAILED', error.message);
    throw new HttpError(504, 'STATS_UNREACHABLE', `Stats service unreachable: ${(error as Error).message}`);
  }
  if (!user) throw new HttpError(404, 'NOT_FOUND', 'No stats found for user');
  return { user };
}
