import {
  APPEAL_STATES,
  type Appeal,
  appealAssigneesResponseSchema,
  appealPath,
  appealsListResponseSchema,
} from '@outpost/contracts';
import { queryString, useKeysetPages, useLoad } from '@outpost/host';
import {
  type Column,
  DataTable,
  DateTime,
  EmptyState,
  LoadState,
  Pager,
  RelativeTime,
  SearchFilter,
  SelectFilter,
  Toolbar,
} from '@outpost/ui';
import { Link } from 'react-router';
import { useQueryParams } from '../common/use-query-params';
import { AppealStateTag } from './appeal-state';

const FILTERS = ['q', 'state', 'who'] as const;
const PAGE_SIZE = 50;
const STATE_LABELS = { open: 'Open', accepted: 'Accepted', denied: 'Denied', closed: 'Closed' } as const;

const columns: Column<Appeal>[] = [
  {
    key: 'appeal',
    label: 'Appeal',
    phone: 'primary',
    render: (appeal) => <Link to={appealPath(appeal.id)}>#{appeal.id}</Link>,
  },
  {
    key: 'player',
    label: 'Player',
    render: (appeal) => (
      <span className="cell-stack">
        {appeal.playerName ?? <span className="muted">Unknown</span>} <code className="nowrap">{appeal.steamid}</code>
      </span>
    ),
  },
  {
    key: 'ban',
    label: 'Ban',
    className: 'wrap',
    render: (appeal) => (appeal.ban ? `#${appeal.banId} ${appeal.ban.type}: ${appeal.ban.reason}` : `#${appeal.banId}`),
  },
  { key: 'opened', label: 'Opened', render: (appeal) => <DateTime value={appeal.createdAt} /> },
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
      <Toolbar>
        <SearchFilter
          label="Search appeals"
          placeholder="Name or SteamID"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
        <SelectFilter
          label="State"
          value={state}
          options={[
            ...APPEAL_STATES.map((value) => ({ value, label: STATE_LABELS[value] })),
            { value: 'all', label: 'All states' },
          ]}
          onChange={(value) => setFilters({ state: value === 'open' ? '' : value })}
        />
        <SelectFilter
          label="Assigned to"
          value={filters.who}
          allLabel="Anyone"
          options={[
            { value: 'mine', label: 'Assigned to me' },
            { value: 'unassigned', label: 'Unassigned' },
            ...(staff.status === 'ready'
              ? staff.data.assignees.map((user) => ({ value: `user:${user.id}`, label: `Assigned to ${user.name}` }))
              : []),
          ]}
          onChange={(who) => setFilters({ who })}
        />
      </Toolbar>
      <LoadState state={loaded} what="appeals" onRetry={reload}>
        {(data) => (
          <>
            <DataTable
              caption="Appeals, oldest first"
              className="appeals-table"
              columns={columns}
              rows={data.appeals}
              rowKey={(appeal) => String(appeal.id)}
              empty={<EmptyState>No appeals here.</EmptyState>}
            />
            <Pager pages={pages} nextCursor={data.nextCursor} />
          </>
        )}
      </LoadState>
    </section>
  );
}
