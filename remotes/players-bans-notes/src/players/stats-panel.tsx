import { playerStatsResponseSchema } from '@outpost/contracts';
import { type HostApi, type Loaded, parseFailure, UNEXPECTED_ANSWER, useHost, useLoader, useT } from '@outpost/host';
import { DescriptionList, EmptyState, LoadState } from '@outpost/ui';

type Stats = { user: Record<string, unknown> } | { none: string };

export const NO_STATS = 'No stats found for user';
const NO_SERVICE = 'No stats service is configured';

// What the panel says in place of stats, in the active locale (the English above is its key).
const NONE_KEYS: Record<string, string> = {
  [NO_STATS]: 'players-bans-notes.players.stats.none',
  [NO_SERVICE]: 'players-bans-notes.players.noStats',
};

async function loadStats(host: HostApi, steamid: string, signal: AbortSignal): Promise<Loaded<Stats>> {
  const response = await host.apiFetch(`/api/players/${encodeURIComponent(steamid)}/stats`, { quiet: true, signal });
  // SPEC 8: a missing user is not an error, just nothing to show.
  if (response?.status === 404) return { status: 'ready', data: { none: NO_STATS } };
  if (response?.status === 503) return { status: 'ready', data: { none: NO_SERVICE } };
  // The API's message carries the stats service's status, status text and body, in that order.
  if (!response?.ok) return { status: 'failed', failure: await parseFailure(response) };
  const parsed = playerStatsResponseSchema.safeParse(await response.json().catch(() => null));
  return parsed.success
    ? { status: 'ready', data: { user: parsed.data.user } }
    : {
        status: 'failed',
        failure: {
          code: null,
          message: UNEXPECTED_ANSWER,
          status: response.status,
          statusText: response.statusText,
          body: null,
          text: '',
        },
      };
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Stats from the community's external stats service, through GET /api/players/{id}/stats. */
export function StatsPanel({ steamid }: { steamid: string }) {
  const host = useHost();
  const t = useT();
  const { state } = useLoader((signal) => loadStats(host, steamid, signal), steamid);
  return (
    <LoadState state={state} what={t('players-bans-notes.what.stats')}>
      {(stats) =>
        'none' in stats ? (
          <EmptyState>{t(NONE_KEYS[stats.none] ?? stats.none)}</EmptyState>
        ) : (
          <DescriptionList
            layout="grid"
            items={Object.entries(stats.user).map(([key, value]) => ({ key, term: key, value: show(value) }))}
          />
        )
      }
    </LoadState>
  );
}
