import { playersListResponseSchema } from '@outpost/contracts';
import { useLoad } from '@outpost/host';
import { formatDate, LoadState, Pager } from '@outpost/ui';
import { Link } from 'react-router';
import { ManageUserLink } from '../common/manage-user-link';
import { queryString } from '../common/query-string';
import { SearchForm } from '../common/search-form';
import { useKeysetPages } from '../common/use-keyset-pages';
import { useQueryParams } from '../common/use-query-params';
import { formatPlayTime } from './play-time';

const FILTERS = ['q'] as const;
const PAGE_SIZE = 50;

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
      <div className="toolbar">
        <SearchForm
          label="Search players"
          placeholder="Name, SteamID64, STEAM_0:1:23, [U:1:46] or profile URL"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
      </div>
      <LoadState state={state} what="players">
        {(data) =>
          data.players.length === 0 ? (
            <p className="card muted">No players found.</p>
          ) : (
            <>
              <div className="table-scroll">
                <table className="table">
                  <thead>
                    <tr>
                      <th>Name</th>
                      <th>SteamID</th>
                      <th>First seen</th>
                      <th>Last seen</th>
                      <th>Time played</th>
                      <th>
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.players.map((player) => (
                      <tr key={player.steamid}>
                        <td>
                          <ManageUserLink id={player.steamid}>{player.name}</ManageUserLink>
                        </td>
                        <td>
                          <code>{player.steamid}</code>
                        </td>
                        <td>{formatDate(player.firstSeen)}</td>
                        <td>{formatDate(player.lastSeen)}</td>
                        <td>{formatPlayTime(player.totalTime)}</td>
                        <td>
                          <Link
                            to={`/reports/new?steamid=${encodeURIComponent(player.steamid)}`}
                            aria-label={`Report ${player.name}`}
                          >
                            Report
                          </Link>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                page={pages.page}
                hasPrevious={pages.hasPrevious}
                nextCursor={data.nextCursor}
                onPrevious={pages.previous}
                onNext={pages.next}
              />
            </>
          )
        }
      </LoadState>
    </section>
  );
}
