import {
  type LeaderboardEntry,
  type LeaderboardPeriod,
  leaderboardPeriodSchema,
  leaderboardResponseSchema,
  type ServerGroupSummary,
  serverGroupSummariesResponseSchema,
} from '@outpost/contracts';
import { can, queryString, useKeysetPages, useLoad, useSessionStore, useT } from '@outpost/host';
import { type Column, DataTable, EmptyState, LoadState, Pager, SelectFilter, Tabs, Toolbar } from '@outpost/ui';
import { ManageUserLink } from '../common/manage-user-link';
import { useQueryParams } from '../common/use-query-params';
import { formatPlayTime } from '../players/play-time';
import { LEADERBOARD_GROUPS, LEADERBOARD_PAGE_SIZE } from './first-page';

const FILTERS = ['group', 'period'] as const;

/** The tabs' labels, in the active locale. */
export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  week: 'players-bans-notes.leaderboards.period.week',
  month: 'players-bans-notes.leaderboards.period.month',
  all: 'players-bans-notes.leaderboards.period.all',
};

/** The leaderboard's path: the page after `cursor` (none: the first), or (for the CSV link) its first 500 players. */
export function leaderboardPath(
  groupId: string,
  period: LeaderboardPeriod,
  cursor: string | undefined,
  limit: number,
): string {
  return `/api/leaderboards/${encodeURIComponent(groupId)}${queryString({ period, cursor, limit })}`;
}

function columns(mayOpen: (steamid: string) => boolean, t: ReturnType<typeof useT>): Column<LeaderboardEntry>[] {
  return [
    { key: 'rank', label: t('players-bans-notes.leaderboards.column.rank'), render: (entry) => entry.rank },
    {
      key: 'player',
      label: t('players-bans-notes.bans.column.player'),
      phone: 'primary',
      render: (entry) =>
        mayOpen(entry.steamid) ? <ManageUserLink id={entry.steamid}>{entry.name}</ManageUserLink> : entry.name,
    },
    {
      key: 'time',
      label: t('players-bans-notes.players.timePlayed'),
      render: (entry) => formatPlayTime(entry.seconds),
    },
    {
      key: 'steamid',
      label: t('players-bans-notes.bans.form.steamId'),
      phone: 'hidden',
      render: (entry) => <code>{entry.steamid}</code>,
    },
  ];
}

function Board({ group, period }: { group: ServerGroupSummary; period: LeaderboardPeriod }) {
  const t = useT();
  const pages = useKeysetPages(`${group.id}:${period}`);
  // Keyset pages (the API's nextCursor): a page a million players down costs what the first does.
  const { state, reload } = useLoad(
    leaderboardPath(group.id, period, pages.cursor, LEADERBOARD_PAGE_SIZE),
    leaderboardResponseSchema,
  );
  // A player's page is for staff with players.view, and for the player themself (the API checks too).
  const session = useSessionStore((s) => s.session);
  const mayOpen = (steamid: string) => can(session, 'players.view') || session?.user.steamid === steamid;
  return (
    <>
      <LoadState state={state} what={t('players-bans-notes.what.leaderboard')} onRetry={reload}>
        {(data) => (
          <>
            <DataTable
              caption={t('players-bans-notes.leaderboards.caption', { group: group.name, period })}
              className="leaderboard-table"
              columns={columns(mayOpen, t)}
              rows={data.entries}
              rowKey={(entry) => entry.steamid}
              empty={
                <EmptyState title={t('players-bans-notes.leaderboards.empty.title')}>
                  {data.offset > 0
                    ? t('players-bans-notes.leaderboards.empty.page')
                    : t('players-bans-notes.leaderboards.empty.body', { group: group.name, period })}
                </EmptyState>
              }
            />
            <Pager pages={pages} nextCursor={data.nextCursor} />
          </>
        )}
      </LoadState>
      <p className="leaderboard-export">
        {/* A download, not a page of the app: target _self keeps the host's router out of it. */}
        <a href={`${leaderboardPath(group.id, period, undefined, 500)}&format=csv`} download target="_self">
          {t('players-bans-notes.leaderboards.csv')}
        </a>
      </p>
    </>
  );
}

/** /leaderboards: each server group's most played, this week, this month or all time (issue 28). */
export function LeaderboardView() {
  const t = useT();
  const groups = useLoad(LEADERBOARD_GROUPS, serverGroupSummariesResponseSchema);
  const [filters, setFilters] = useQueryParams(FILTERS);
  const period = leaderboardPeriodSchema.safeParse(filters.period).data ?? 'week';
  return (
    <section className="leaderboards" aria-label={t('players-bans-notes.leaderboards.aria')}>
      <LoadState state={groups.state} what={t('players-bans-notes.what.groups')} onRetry={groups.reload}>
        {(list) => {
          if (list.length === 0)
            return (
              <EmptyState title={t('players-bans-notes.leaderboards.noGroups.title')}>
                {t('players-bans-notes.leaderboards.noGroups.body')}
              </EmptyState>
            );
          const group = list.find((g) => g.id === filters.group) ?? list[0];
          if (!group) return null;
          return (
            <>
              {list.length > 1 && (
                <Toolbar>
                  <SelectFilter
                    label={t('players-bans-notes.leaderboards.group')}
                    value={group.id}
                    options={list.map((g) => ({ value: g.id, label: g.name }))}
                    onChange={(id) => setFilters({ group: id })}
                  />
                </Toolbar>
              )}
              <Tabs
                label={t('players-bans-notes.leaderboards.period')}
                tabs={leaderboardPeriodSchema.options.map((id) => ({ id, label: t(PERIOD_LABELS[id]) }))}
                active={period}
                onChange={(id) => setFilters({ period: id === 'week' ? '' : id })}
              >
                <Board group={group} period={period} />
              </Tabs>
            </>
          );
        }}
      </LoadState>
    </section>
  );
}
