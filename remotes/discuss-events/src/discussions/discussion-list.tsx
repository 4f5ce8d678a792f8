import {
  DISCUSSION_CATEGORIES,
  DISCUSSION_FILTERS,
  type DiscussionCategory,
  type DiscussionFilter,
  type DiscussionThread,
  discussionPath,
  discussionsListResponseSchema,
} from '@outpost/contracts';
import { queryString, useKeysetPages, useLoad } from '@outpost/host';
import { ButtonLink, type Column, EmptyState, ListPage, RelativeTime, SelectFilter, Tabs } from '@outpost/ui';
import { Link, useSearchParams } from 'react-router';
import { threadsPath } from './discussions-api';
import { ThreadTags } from './thread-tags';
import { useOpenDiscussions } from './use-open-discussions';

const PAGE_SIZE = 25;
const FILTER_LABELS: Record<DiscussionFilter, string> = { all: 'All', open: 'Open', mine: 'Mine', unread: 'Unread' };
const EMPTY_TEXT: Record<DiscussionFilter, string> = {
  all: 'No discussions yet. Start the first one.',
  open: 'No open discussions.',
  mine: 'You have not started or replied to a discussion yet.',
  unread: 'Nothing unread: you are up to date.',
};
const CATEGORY_OPTIONS = Object.entries(DISCUSSION_CATEGORIES).map(([value, label]) => ({ value, label }));

function isFilter(value: string | null): value is DiscussionFilter {
  return (DISCUSSION_FILTERS as readonly string[]).includes(value ?? '');
}
function isCategory(value: string | null): value is DiscussionCategory {
  return value !== null && Object.hasOwn(DISCUSSION_CATEGORIES, value);
}

const COLUMNS: Column<DiscussionThread>[] = [
  {
    key: 'title',
    label: 'Discussion',
    phone: 'primary',
    render: (thread) => (
      <div className="thread-cell">
        <Link className="thread-title-link" to={discussionPath(thread.id, thread.title)}>
          {thread.unread ? <strong>{thread.title}</strong> : thread.title}
          {thread.unread && <span className="visually-hidden"> (unread)</span>}
        </Link>
        <ThreadTags thread={thread} inList />
      </div>
    ),
  },
  { key: 'author', label: 'Started by', render: (thread) => thread.authorName ?? 'Unknown' },
  {
    key: 'replies',
    label: 'Replies',
    render: (thread) => (thread.replyCount === 1 ? '1 reply' : `${thread.replyCount} replies`),
  },
  { key: 'activity', label: 'Last activity', render: (thread) => <RelativeTime value={thread.lastActivityAt} /> },
];

/** /discuss and /discuss/list: pinned threads first, then newest activity, with filters in the URL. */
export function DiscussionList() {
  const [params, setParams] = useSearchParams();
  const filterParam = params.get('filter');
  const categoryParam = params.get('category');
  const filter: DiscussionFilter = isFilter(filterParam) ? filterParam : 'all';
  const category = isCategory(categoryParam) ? categoryParam : undefined;
  const pages = useKeysetPages(`${filter}|${category ?? ''}`);
  const { state, reload } = useLoad(
    `${threadsPath}${queryString({ filter: filter === 'all' ? undefined : filter, category, cursor: pages.cursor, limit: PAGE_SIZE })}`,
    discussionsListResponseSchema,
  );
  useOpenDiscussions(state.status === 'ready' ? state.data.openDiscussions : undefined);
  const update = (changes: Record<string, string | undefined>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  return (
    <Tabs
      label="Show"
      tabs={DISCUSSION_FILTERS.map((id) => ({ id, label: FILTER_LABELS[id] }))}
      active={filter}
      onChange={(id) => update({ filter: id === 'all' ? undefined : id })}
    >
      <ListPage
        filters={
          <SelectFilter
            label="Category"
            value={category ?? ''}
            allLabel="All categories"
            options={CATEGORY_OPTIONS}
            onChange={(value) => update({ category: value || undefined })}
          />
        }
        actions={
          <ButtonLink href="/discuss/new" variant="primary" icon="plus">
            New discussion
          </ButtonLink>
        }
        state={state}
        what="discussions"
        onRetry={reload}
        rows={(data) => data.threads}
        pages={pages}
        nextCursor={(data) => data.nextCursor}
        table={{
          columns: COLUMNS,
          rowKey: (thread) => String(thread.id),
          caption: 'Discussions',
          empty: <EmptyState>{EMPTY_TEXT[filter]}</EmptyState>,
        }}
      />
    </Tabs>
  );
}
