import { playerStatsResponseSchema } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { useEffect, useState } from 'react';
import { failureMessage } from '../common/api';

type StatsState =
  | { status: 'loading' }
  | { status: 'ready'; user: Record<string, unknown> }
  | { status: 'none'; message: string }
  | { status: 'failed'; message: string };

export const NO_STATS = 'No stats found for user';

async function loadStats(host: ReturnType<typeof useHost>, steamid: string, signal: AbortSignal): Promise<StatsState> {
  const response = await host.apiFetch(`/api/players/${encodeURIComponent(steamid)}/stats`, { quiet: true, signal });
  if (!response) return { status: 'failed', message: 'Could not reach the server' };
  // SPEC 8: a missing user is not an error, just nothing to show.
  if (response.status === 404) return { status: 'none', message: NO_STATS };
  if (response.status === 503) return { status: 'none', message: 'No stats service is configured' };
  // The API's message carries the stats service's status, status text and body, in that order.
  if (!response.ok) return { status: 'failed', message: await failureMessage(response) };
  const parsed = playerStatsResponseSchema.safeParse(await response.json());
  return parsed.success
    ? { status: 'ready', user: parsed.data.user }
    : { status: 'failed', message: 'Unexpected answer' };
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Stats from the community's external stats service, through GET /api/players/{id}/stats. */
export function StatsPanel({ steamid }: { steamid: string }) {
  const host = useHost();
  const [state, setState] = useState<StatsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    void loadStats(host, steamid, controller.signal).then((next) => {
      if (!controller.signal.aborted) setState(next);
    });
    return () => controller.abort();
  }, [host, steamid]);

  if (state.status === 'loading') return <p className="loading">Loading stats…</p>;
  if (state.status === 'none') return <p className="muted">{state.message}</p>;
  if (state.status === 'failed')
    return (
      <p className="error-text" role="alert">
        Could not load stats: {state.message}
      </p>
    );
  return (
    <dl className="stats">
      {Object.entries(state.user).map(([key, value]) => (
        <div key={key} className="stat">
          <dt>{key}</dt>
          <dd>{show(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
