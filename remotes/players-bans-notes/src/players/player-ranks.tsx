import { type LeaderboardPeriod, type PlayerPlaytimeResponse, playerPlaytimeResponseSchema } from '@outpost/contracts';
import { useLoad, useT } from '@outpost/host';
import { type Column, DataTable, EmptyState, LoadState } from '@outpost/ui';
import { Link } from 'react-router';
import { formatPlayTime } from './play-time';

type Rank = PlayerPlaytimeResponse['ranks'][number];

interface GroupRanks {
  groupId: string;
  groupName: string;
  byPeriod: Partial<Record<LeaderboardPeriod, Rank>>;
}

/** One row per server group the player has played on, its three periods side by side. */
export function ranksByGroup(ranks: Rank[]): GroupRanks[] {
  const groups = new Map<string, GroupRanks>();
  for (const rank of ranks) {
    const row = groups.get(rank.groupId) ?? { groupId: rank.groupId, groupName: rank.groupName, byPeriod: {} };
    row.byPeriod[rank.period] = rank;
    groups.set(rank.groupId, row);
  }
  return [...groups.values()].sort((a, b) => a.groupName.localeCompare(b.groupName));
}

function RankCell({ rank }: { rank: Rank | undefined }) {
  const t = useT();
  if (!rank) return <span className="muted">{t('players-bans-notes.players.ranks.notPlayed')}</span>;
  return (
    <span className="cell-stack">
      <strong>#{rank.rank}</strong>
      <span>{formatPlayTime(rank.seconds)}</span>
    </span>
  );
}

const PERIODS: { period: LeaderboardPeriod; label: string }[] = [
  { period: 'week', label: 'players-bans-notes.leaderboards.period.week' },
  { period: 'month', label: 'players-bans-notes.leaderboards.period.month' },
  { period: 'all', label: 'players-bans-notes.leaderboards.period.all' },
];

const columns = (t: ReturnType<typeof useT>): Column<GroupRanks>[] => [
  {
    key: 'group',
    label: t('players-bans-notes.leaderboards.group'),
    phone: 'primary',
    // The whole leaderboard of the group, where the player's neighbours are.
    render: (row) => <Link to={`/leaderboards?group=${encodeURIComponent(row.groupId)}`}>{row.groupName}</Link>,
  },
  ...PERIODS.map(
    ({ period, label }): Column<GroupRanks> => ({
      key: period,
      label: t(label),
      render: (row) => <RankCell rank={row.byPeriod[period]} />,
    }),
  ),
];

/**
 * The player's rank and playtime in each server group's leaderboard, this week, this month and
 * all time (GET /api/players/{id}/playtime: the same viewers as the player's page).
 */
export function PlayerRanks({ steamid }: { steamid: string }) {
  const t = useT();
  // Only the ranks are shown here: one session is the least the endpoint sends.
  const { state, reload } = useLoad(
    `/api/players/${encodeURIComponent(steamid)}/playtime?limit=1`,
    playerPlaytimeResponseSchema,
  );
  return (
    <LoadState state={state} what={t('players-bans-notes.what.ranks')} onRetry={reload}>
      {(data) => (
        <DataTable
          caption={t('players-bans-notes.players.ranks.caption')}
          className="player-ranks"
          columns={columns(t)}
          rows={ranksByGroup(data.ranks)}
          rowKey={(row) => row.groupId}
          empty={<EmptyState>{t('players-bans-notes.players.ranks.empty')}</EmptyState>}
        />
      )}
    </LoadState>
  );
}
