import { type PlayerSummary, playersListResponseSchema } from '@outpost/contracts';
import { queryString, useKeysetPages, useLoad, useT } from '@outpost/host';
import { type Column, DataTable, DateTime, EmptyState, LoadState, Pager, SearchFilter, Toolbar } from '@outpost/ui';
import { Link } from 'react-router';
import { ManageUserLink } from '../common/manage-user-link';
import { useQueryParams } from '../common/use-query-params';
import { formatPlayTime } from './play-time';

const FILTERS = ['q'] as const;
const PAGE_SIZE = 50;

const columns = (t: ReturnType<typeof useT>): Column<PlayerSummary>[] => [
  {
    key: 'name',
    label: t('players-bans-notes.players.column.name'),
    phone: 'primary',
    render: (player) => <ManageUserLink id={player.steamid}>{player.name}</ManageUserLink>,
  },
  {
    key: 'steamid',
    label: t('players-bans-notes.bans.form.steamId'),
    render: (player) => <code className="nowrap">{player.steamid}</code>,
  },
  {
    key: 'firstSeen',
    label: t('players-bans-notes.players.firstSeen'),
    render: (player) => <DateTime value={player.firstSeen} />,
  },
  {
    key: 'lastSeen',
    label: t('players-bans-notes.players.lastSeen'),
    render: (player) => <DateTime value={player.lastSeen} />,
  },
  {
    key: 'time',
    label: t('players-bans-notes.players.timePlayed'),
    render: (player) => formatPlayTime(player.totalTime),
  },
  {
    key: 'actions',
    label: t('players-bans-notes.bans.column.actions'),
    render: (player) => (
      <Link
        to={`/reports/new?steamid=${encodeURIComponent(player.steamid)}`}
        aria-label={t('players-bans-notes.players.report.aria', { name: player.name })}
      >
        {t('players-bans-notes.players.report')}
      </Link>
    ),
  },
];

/** Every player seen on our servers or signed in; search by name or any SteamID form. */
export function PlayersList() {
  const t = useT();
  const [filters, setFilters] = useQueryParams(FILTERS);
  const pages = useKeysetPages(filters.q);
  const { state } = useLoad(
    `/api/players${queryString({ q: filters.q, cursor: pages.cursor, limit: PAGE_SIZE })}`,
    playersListResponseSchema,
  );
  return (
    <section className="moderation-list" aria-label={t('players-bans-notes.players.caption')}>
      <Toolbar>
        <SearchFilter
          label={t('players-bans-notes.players.search')}
          placeholder={t('players-bans-notes.players.search.placeholder')}
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
      </Toolbar>
      <LoadState state={state} what={t('players-bans-notes.what.players')}>
        {(data) => (
          <>
            <DataTable
              caption={t('players-bans-notes.players.caption')}
              columns={columns(t)}
              rows={data.players}
              rowKey={(player) => player.steamid}
              empty={<EmptyState>{t('players-bans-notes.players.empty')}</EmptyState>}
            />
            <Pager pages={pages} nextCursor={data.nextCursor} />
          </>
        )}
      </LoadState>
    </section>
  );
}
