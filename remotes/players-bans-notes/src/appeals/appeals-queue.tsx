import {
  APPEAL_STATES,
  type Appeal,
  appealAssigneesResponseSchema,
  appealPath,
  appealsListResponseSchema,
} from '@outpost/contracts';
import { useLoad } from '@outpost/host';
import { type Column, formatDate, LoadState, Pager, RelativeTime, Table } from '@outpost/ui';
import { Link } from 'react-router';
import { queryString } from '../common/query-string';
import { SearchForm } from '../common/search-form';
import { useKeysetPages } from '../common/use-keyset-pages';
import { useQueryParams } from '../common/use-query-params';
import { AppealStateTag } from './appeal-state';

const FILTERS = ['q', 'state', 'who'] as const;
const PAGE_SIZE = 50;
const STATE_LABELS = { open: 'Open', accepted: 'Accepted', denied: 'Denied', closed: 'Closed' } as const;

const columns: Column<Appeal>[] = [
  {
    key: 'appeal',
    label: 'Appeal',
    render: (appeal) => <Link to={appealPath(appeal.id)}>#{appeal.id}</Link>,
  },
  {
    key: 'player',
    label: 'Player',
    render: (appeal) => (
      <>
        {appeal.playerName ?? <span className="muted">Unknown</span>} <code>{appeal.steamid}</code>
      </>
    ),
  },
  {
    key: 'ban',
    label: 'Ban',
    className: 'wrap',
    render: (appeal) => (appeal.ban ? `#${appeal.banId} ${appeal.ban.type}: ${appeal.ban.reason}` : `#${appeal.banId}`),
  },
  { key: 'opened', label: 'Opened', render: (appeal) => formatDate(appeal.createdAt) },
  { key: 'activity', label: 'Last activity', render: (appeal) => <RelativeTime value={appeal.lastActivityAt} /> },
  {
    key: 'assignee',
    label: 'Assigned to',
    render: (appeal) => appeal.assigneeName ?? <span className="muted">Nobody</span>,
  },
  { key: 'state', label: 'State', render: (appeal) => <AppealStateTag state={appeal.state} /> },
];

/** /admin/appeals: the staff queue, oldest first (the one waiting longest is on top). */
export function AppealsQueue() {
  const [filters, setFilters] = useQueryParams(FILTERS);
  const pages = useKeysetPages(JSON.stringify(filters));
  const state = filters.state || 'open';
  const path = `/api/appeals${queryString({
    q: filters.q,
    state,
    mine: filters.who === 'mine' ? '1' : undefined,
    unassigned: filters.who === 'unassigned' ? '1' : undefined,
    // 'user:<id>': one staff member's appeals.
    assignee: filters.who.startsWith('user:') ? filters.who.slice(5) : undefined,
    cursor: pages.cursor,
    limit: PAGE_SIZE,
  })}`;
  const { state: loaded, reload } = useLoad(path, appealsListResponseSchema);
  const staff = useLoad('/api/appeals/assignees', appealAssigneesResponseSchema).state;
  return (
    <section className="moderation-list" aria-label="Appeals">
      <div className="toolbar">
        <SearchForm
          label="Search appeals"
          placeholder="Player name or any SteamID form"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        >
          <select
            aria-label="State"
            className="input"
            value={state}
            onChange={(e) => setFilters({ state: e.target.value === 'open' ? '' : e.target.value })}
          >
            {APPEAL_STATES.map((value) => (
              <option key={value} value={value}>
                {STATE_LABELS[value]}
              </option>
            ))}
            <option value="all">All states</option>
          </select>
          <select
            aria-label="Assigned to"
            className="input"
            value={filters.who}
            onChange={(e) => setFilters({ who: e.target.value })}
          >
            <option value="">Anyone</option>
            <option value="mine">Assigned to me</option>
            <option value="unassigned">Unassigned</option>
            {staff.status === 'ready' &&
              staff.data.assignees.map((user) => (
                <option key={user.id} value={`user:${user.id}`}>
                  Assigned to {user.name}
                </option>
              ))}
          </select>
        </SearchForm>
      </div>
      <LoadState state={loaded} what="appeals" onRetry={reload}>
        {(data) => (
          <>
            <Table
              caption="Appeals, oldest first"
              className="appeals-table"
              columns={columns}
              rows={data.appeals}
              rowKey={(appeal) => String(appeal.id)}
              empty={<p className="card muted">No appeals here.</p>}
            />
            <Pager
              page={pages.page}
              hasPrevious={pages.hasPrevious}
              nextCursor={data.nextCursor}
              onPrevious={pages.previous}
              onNext={pages.next}
            />
          </>
        )}
      </LoadState>
    </section>
  );
}
