import {
  DISCUSSION_CATEGORIES,
  DISCUSSION_FILTERS,
  type DiscussionCategory,
  type DiscussionFilter,
  type DiscussionThread,
  discussionPath,
  discussionsListResponseSchema,
} from '@outpost/contracts';
import { queryString, useKeysetPages, useLoad, useT } from '@outpost/host';
import { ButtonLink, type Column, EmptyState, ListPage, RelativeTime, SelectFilter, Tabs } from '@outpost/ui';
import { Link, useSearchParams } from 'react-router';
import { threadsPath } from './discussions-api';
import { ThreadTags } from './thread-tags';
import { useOpenDiscussions } from './use-open-discussions';

const PAGE_SIZE = 25;
type T = ReturnType<typeof useT>;

function isFilter(value: string | null): value is DiscussionFilter {
  return (DISCUSSION_FILTERS as readonly string[]).includes(value ?? '');
}
function isCategory(value: string | null): value is DiscussionCategory {
  return value !== null && Object.hasOwn(DISCUSSION_CATEGORIES, value);
}

/** The list's columns, in the active locale. */
const columns = (t: T): Column<DiscussionThread>[] => [
  {
    key: 'title',
    label: t('discuss-events.list.column.discussion'),
    phone: 'primary',
    render: (thread) => (
      <div className="thread-cell">
        <Link className="thread-title-link" to={discussionPath(thread.id, thread.title)}>
          {thread.unread ? <strong>{thread.title}</strong> : thread.title}
          {thread.unread && <span className="visually-hidden"> {t('discuss-events.list.unread')}</span>}
        </Link>
        <ThreadTags thread={thread} inList />
      </div>
    ),
  },
  {
    key: 'author',
    label: t('discuss-events.list.column.startedBy'),
    render: (thread) => thread.authorName ?? t('discuss-events.common.unknown'),
  },
  {
    key: 'replies',
    label: t('discuss-events.list.column.replies'),
    render: (thread) => t('discuss-events.replies', { count: thread.replyCount }),
  },
  {
    key: 'activity',
    label: t('discuss-events.list.column.activity'),
    render: (thread) => <RelativeTime value={thread.lastActivityAt} />,
  },
];

/** /discuss and /discuss/list: pinned threads first, then newest activity, with filters in the URL. */
export function DiscussionList() {
  const [params, setParams] = useSearchParams();
  const t = useT();
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
      label={t('discuss-events.list.show')}
      tabs={DISCUSSION_FILTERS.map((id) => ({ id, label: t(`discuss-events.list.filter.${id}`) }))}
      active={filter}
      onChange={(id) => update({ filter: id === 'all' ? undefined : id })}
    >
      <ListPage
        filters={
          <SelectFilter
            label={t('discuss-events.list.category')}
            value={category ?? ''}
            allLabel={t('discuss-events.list.allCategories')}
            options={Object.keys(DISCUSSION_CATEGORIES).map((value) => ({
              value,
              label: t(`discuss-events.category.${value}`),
            }))}
            onChange={(value) => update({ category: value || undefined })}
          />
        }
        actions={
          <ButtonLink href="/discuss/new" variant="primary" icon="plus">
            {t('discuss-events.list.new')}
          </ButtonLink>
        }
        state={state}
        what={t('discuss-events.list.what')}
        onRetry={reload}
        rows={(data) => data.threads}
        pages={pages}
        nextCursor={(data) => data.nextCursor}
        table={{
          columns: columns(t),
          rowKey: (thread) => String(thread.id),
          caption: t('discuss-events.list.caption'),
          empty: <EmptyState>{t(`discuss-events.list.empty.${filter}`)}</EmptyState>,
        }}
      />
    </Tabs>
  );
}
