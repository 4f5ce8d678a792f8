import {
  APPEAL_STATES,
  type Appeal,
  appealAssigneesResponseSchema,
  appealPath,
  appealsListResponseSchema,
} from '@outpost/contracts';
import { queryString, useKeysetPages, useLoad, useT } from '@outpost/host';
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
import { banReason } from '../common/ban-words';
import { useQueryParams } from '../common/use-query-params';
import { AppealStateTag } from './appeal-state';

const FILTERS = ['q', 'state', 'who'] as const;
const PAGE_SIZE = 50;
type T = ReturnType<typeof useT>;

const queueColumns = (t: T): Column<Appeal>[] => [
  {
    key: 'appeal',
    label: t('players-bans-notes.appeals.column.appeal'),
    phone: 'primary',
    render: (appeal) => <Link to={appealPath(appeal.id)}>#{appeal.id}</Link>,
  },
  {
    key: 'player',
    label: t('players-bans-notes.appeals.column.player'),
    render: (appeal) => (
      <span className="cell-stack">
        {appeal.playerName ?? <span className="muted">{t('players-bans-notes.appeals.view.unknown')}</span>}{' '}
        <code className="nowrap">{appeal.steamid}</code>
      </span>
    ),
  },
  {
    key: 'ban',
    label: t('players-bans-notes.appeals.column.ban'),
    className: 'wrap',
    render: (appeal) =>
      appeal.ban
        ? t('players-bans-notes.appeals.queue.ban', {
            banId: appeal.banId,
            type: t(`players-bans-notes.bans.type.${appeal.ban.type}`),
            reason: banReason(appeal.ban),
          })
        : `#${appeal.banId}`,
  },
  {
    key: 'opened',
    label: t('players-bans-notes.appeals.view.opened'),
    render: (appeal) => <DateTime value={appeal.createdAt} />,
  },
  {
    key: 'activity',
    label: t('players-bans-notes.appeals.column.activity'),
    render: (appeal) => <RelativeTime value={appeal.lastActivityAt} />,
  },
  {
    key: 'assignee',
    label: t('players-bans-notes.appeals.view.assignedTo'),
    render: (appeal) =>
      appeal.assigneeName ?? <span className="muted">{t('players-bans-notes.appeals.view.nobody')}</span>,
  },
  {
    key: 'state',
    label: t('players-bans-notes.appeals.column.state'),
    render: (appeal) => <AppealStateTag state={appeal.state} />,
  },
];

/** /admin/appeals: the staff queue, oldest first (the one waiting longest is on top). */
export function AppealsQueue() {
  const t = useT();
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
    <section className="moderation-list" aria-label={t('players-bans-notes.appeals.queue.aria')}>
      <Toolbar>
        <SearchFilter
          label={t('players-bans-notes.appeals.queue.search')}
          placeholder={t('players-bans-notes.appeals.queue.search.placeholder')}
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
        <SelectFilter
          label={t('players-bans-notes.appeals.column.state')}
          value={state}
          options={[
            ...APPEAL_STATES.map((value) => ({ value, label: t(`players-bans-notes.appeals.queue.state.${value}`) })),
            { value: 'all', label: t('players-bans-notes.appeals.queue.state.all') },
          ]}
          onChange={(value) => setFilters({ state: value === 'open' ? '' : value })}
        />
        <SelectFilter
          label={t('players-bans-notes.appeals.view.assignedTo')}
          value={filters.who}
          allLabel={t('players-bans-notes.appeals.queue.who.anyone')}
          options={[
            { value: 'mine', label: t('players-bans-notes.appeals.queue.who.mine') },
            { value: 'unassigned', label: t('players-bans-notes.appeals.queue.who.unassigned') },
            ...(staff.status === 'ready'
              ? staff.data.assignees.map((user) => ({
                  value: `user:${user.id}`,
                  label: t('players-bans-notes.appeals.queue.who.user', { name: user.name }),
                }))
              : []),
          ]}
          onChange={(who) => setFilters({ who })}
        />
      </Toolbar>
      <LoadState state={loaded} what={t('players-bans-notes.appeals.queue.what')} onRetry={reload}>
        {(data) => (
          <>
            <DataTable
              caption={t('players-bans-notes.appeals.queue.caption')}
              className="appeals-table"
              columns={queueColumns(t)}
              rows={data.appeals}
              rowKey={(appeal) => String(appeal.id)}
              empty={<EmptyState>{t('players-bans-notes.appeals.queue.empty')}</EmptyState>}
            />
            <Pager pages={pages} nextCursor={data.nextCursor} />
          </>
        )}
      </LoadState>
    </section>
  );
}
