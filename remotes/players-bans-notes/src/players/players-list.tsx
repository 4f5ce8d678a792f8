import { type PlayerSummary, playersListResponseSchema } from '@outpost/contracts';
import { queryString, useKeysetPages, useLoad } from '@outpost/host';
import { type Column, DataTable, DateTime, EmptyState, LoadState, Pager, SearchFilter, Toolbar } from '@outpost/ui';
import { Link } from 'react-router';
import { ManageUserLink } from '../common/manage-user-link';
import { useQueryParams } from '../common/use-query-params';
import { formatPlayTime } from './play-time';

const FILTERS = ['q'] as const;
const PAGE_SIZE = 50;

const columns: Column<PlayerSummary>[] = [
  {
    key: 'name',
    label: 'Name',
    phone: 'primary',
    render: (player) => <ManageUserLink id={player.steamid}>{player.name}</ManageUserLink>,
  },
  { key: 'steamid', label: 'SteamID', render: (player) => <code className="nowrap">{player.steamid}</code> },
  { key: 'firstSeen', label: 'First seen', render: (player) => <DateTime value={player.firstSeen} /> },
  { key: 'lastSeen', label: 'Last seen', render: (player) => <DateTime value={player.lastSeen} /> },
  { key: 'time', label: 'Time played', render: (player) => formatPlayTime(player.totalTime) },
  {
    key: 'actions',
    label: 'Actions',
    render: (player) => (
      <Link to={`/reports/new?steamid=${encodeURIComponent(player.steamid)}`} aria-label={`Report ${player.name}`}>
        Report
      </Link>
    ),
  },
];

/** Every player seen on our servers or signed in; search by name or any SteamID form. */
export function PlayersList() {
  const [filters, setFilters] = useQueryParams(FILTERS);
  const pages = useKeysetPages(filters.q);
  const { state } = useLoad(
    `/api/players${queryString({ q: filters.q, cursor: pages.cursor, limit: PAGE_SIZE })}`,
    playersListResponseSchema,
  );
  return (
    <section className="moderation-list" aria-label="Players">
      <Toolbar>
        <SearchFilter
          label="Search players"
          placeholder="Name, SteamID or profile URL"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
      </Toolbar>
      <LoadState state={state} what="players">
        {(data) => (
          <>
            <DataTable
              caption="Players"
              columns={columns}
              rows={data.players}
              rowKey={(player) => player.steamid}
              empty={<EmptyState>No players found.</EmptyState>}
            />
            <Pager pages={pages} nextCursor={data.nextCursor} />
          </>
        )}
      </LoadState>
    </section>
  );
}
