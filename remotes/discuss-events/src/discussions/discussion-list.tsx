import {
  DISCUSSION_CATEGORIES,
  DISCUSSION_FILTERS,
  type DiscussionCategory,
  type DiscussionFilter,
  type DiscussionThread,
  discussionPath,
  discussionsListResponseSchema,
} from '@outpost/contracts';
import { useLoad } from '@outpost/host';
import { EmptyState, Icon, LoadState, Pager, RelativeTime, Tabs, Tag } from '@outpost/ui';
import { Link, useSearchParams } from 'react-router';
import { threadsPath } from './discussions-api';
import { queryString } from './query-string';
import { useKeysetPages } from './use-keyset-pages';
import { useOpenDiscussions } from './use-open-discussions';

const PAGE_SIZE = 25;
const FILTER_LABELS: Record<DiscussionFilter, string> = { all: 'All', open: 'Open', mine: 'Mine', unread: 'Unread' };
const EMPTY_TEXT: Record<DiscussionFilter, string> = {
  all: 'No discussions yet. Start the first one.',
  open: 'No open discussions.',
  mine: 'You have not started or replied to a discussion yet.',
  unread: 'Nothing unread: you are up to date.',
};

function isFilter(value: string | null): value is DiscussionFilter {
  return (DISCUSSION_FILTERS as readonly string[]).includes(value ?? '');
}
function isCategory(value: string | null): value is DiscussionCategory {
  return value !== null && Object.hasOwn(DISCUSSION_CATEGORIES, value);
}

/** /discuss: pinned threads first, then newest activity, with filters in the URL. */
export function DiscussionList() {
  const [params, setParams] = useSearchParams();
  const filterParam = params.get('filter');
  const categoryParam = params.get('category');
  const filter: DiscussionFilter = isFilter(filterParam) ? filterParam : 'all';
  const category = isCategory(categoryParam) ? categoryParam : undefined;
  const pages = useKeysetPages(`${filter}|${category ?? ''}`);
  const { state } = useLoad(
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
    <section className="discuss" aria-labelledby="discuss-title">
      {/* The shell's hero already titles the page "Discussions". */}
      <h2 id="discuss-title" className="visually-hidden">
        Threads
      </h2>
      <div className="discuss-toolbar">
        <label className="discuss-category">
          <span>Category</span>
          <select
            className="input"
            value={category ?? ''}
            onChange={(event) => update({ category: event.target.value || undefined })}
          >
            <option value="">All categories</option>
            {Object.entries(DISCUSSION_CATEGORIES).map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <Link className="button" to="/discuss/new">
          <Icon name="plus" /> New discussion
        </Link>
      </div>
      <Tabs
        label="Show"
        tabs={DISCUSSION_FILTERS.map((id) => ({ id, label: FILTER_LABELS[id] }))}
        active={filter}
        onChange={(id) => update({ filter: id === 'all' ? undefined : id })}
      >
        <LoadState state={state} what="discussions">
          {(data) =>
            data.threads.length === 0 ? (
              <EmptyState>{EMPTY_TEXT[filter]}</EmptyState>
            ) : (
              <>
                <ul className="thread-list">
                  {data.threads.map((thread) => (
                    <ThreadRow key={thread.id} thread={thread} />
                  ))}
                </ul>
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
      </Tabs>
    </section>
  );
}

function ThreadRow({ thread }: { thread: DiscussionThread }) {
  const replies = thread.replyCount === 1 ? '1 reply' : `${thread.replyCount} replies`;
  return (
    <li className={thread.unread ? 'thread-row is-unread' : 'thread-row'}>
      <div className="thread-row-main">
        <Link className="thread-row-title" to={discussionPath(thread.id, thread.title)}>
          {thread.unread && <span className="unread-dot" aria-hidden="true" />}
          {thread.title}
          {thread.unread && <span className="visually-hidden"> (unread)</span>}
        </Link>
        <div className="thread-row-tags">
          {thread.isPinned && <Tag tone="warning">Pinned</Tag>}
          {!thread.isOpen && <Tag tone="muted">Closed</Tag>}
          {thread.unread && <Tag>New</Tag>}
          <Tag tone="light">{DISCUSSION_CATEGORIES[thread.category]}</Tag>
        </div>
      </div>
      <p className="thread-row-meta muted">
        {thread.authorName ?? 'Unknown'} · {replies} · last activity <RelativeTime value={thread.lastActivityAt} />
      </p>
    </li>
  );
}
