import {
  DISCUSSION_CATEGORIES,
  type DiscussionCategory,
  type DiscussionDetail,
  type DiscussionReply,
  discussionDetailSchema,
  discussionPath,
} from '@outpost/contracts';
import { useHost, useLoad } from '@outpost/host';
import { ConfirmDialog, formatDate, Icon, LoadState, Markdown, RelativeTime, Tag } from '@outpost/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  createReply,
  deleteReply,
  deleteThread,
  editReply,
  moderateThread,
  quoteOf,
  threadPath,
} from './discussions-api';
import { MarkdownEditor } from './markdown-editor';
import { useDraft } from './use-draft';
import { useOpenDiscussions } from './use-open-discussions';

/** /discuss/:id/:title?: the thread with its title slug in the URL (another slug is corrected in place). */
export function ThreadPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { state, reload } = useLoad(
    valid ? threadPath(id, repliesWanted(search, location.hash)) : null,
    discussionDetailSchema,
  );

  // A wrong or missing slug still finds the thread; the URL is corrected without a history entry.
  const slug = state.status === 'ready' ? state.data.thread.slug : null;
  useEffect(() => {
    if (slug && params.title !== slug)
      navigate(`/discuss/${id}/${slug}${location.search}${location.hash}`, { replace: true });
  }, [slug, params.title, id, location.search, location.hash, navigate]);

  // A link to a reply (#reply-N, e.g. from a notification) opens the page holding it and
  // scrolls to it; the pager's links (#replies) scroll to the top of the replies.
  const shown = state.status === 'ready' ? state.data : null;
  useOpenDiscussions(shown?.openDiscussions);
  useEffect(() => {
    if (!shown) return;
    // Without a target in the URL, a returning reader is taken to where the news starts.
    const unread = location.hash === '' && shown.firstUnreadId !== null ? 'unread-start' : null;
    if (!unread && !/^#(reply-\d+|replies)$/.test(location.hash)) return;
    const target = document.getElementById(unread ?? location.hash.slice(1));
    // (Optional calls: not every DOM, e.g. jsdom in tests, scrolls.)
    target?.scrollIntoView?.({ block: 'start' });
    if (location.hash.startsWith('#reply-')) target?.focus({ preventScroll: true });
  }, [location.hash, shown]);

  if (!valid) return <p className="error-text">No discussion has this id</p>;
  return (
    <LoadState state={state} what="the discussion" onRetry={reload}>
      {(detail) => <ThreadView detail={detail} reload={reload} highlight={location.hash.slice(1)} />}
    </LoadState>
  );
}

function ThreadView({ detail, reload, highlight }: { detail: DiscussionDetail; reload(): void; highlight: string }) {
  const { thread, replies, replyPage, can } = detail;
  const host = useHost();
  const navigate = useNavigate();
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const replyDraft = useDraft(`reply.${thread.id}`, '');
  const [confirm, setConfirm] = useState<{ kind: 'thread' } | { kind: 'reply'; reply: DiscussionReply } | null>(null);

  const quote = (reply: { authorName: string | null; body: string }) => {
    const current = replyDraft.value;
    replyDraft.setValue(`${current}${current && !current.endsWith('\n') ? '\n\n' : ''}${quoteOf(reply)}`);
    replyBox.current?.focus();
    replyBox.current?.scrollIntoView?.({ block: 'center' });
  };
  const moderate = async (change: Parameters<typeof moderateThread>[2], message: string) => {
    const result = await moderateThread(host, thread.id, change);
    if (result.ok) {
      host.notify({ level: 'success', message });
      reload();
    }
  };

  return (
    <article className="discuss thread" aria-labelledby="thread-title">
      <p className="thread-back">
        <Link to="/discuss">
          <Icon name="previous" /> Discussions
        </Link>
      </p>
      <header className="thread-head">
        <h1 id="thread-title">{thread.title}</h1>
        <div className="thread-row-tags">
          {thread.isPinned && <Tag tone="warning">Pinned</Tag>}
          {thread.isOpen ? <Tag tone="success">Open</Tag> : <Tag tone="muted">Closed</Tag>}
          <Tag tone="light">{DISCUSSION_CATEGORIES[thread.category]}</Tag>
        </div>
      </header>
      {(can.edit || can.moderate) && (
        <div className="thread-actions" role="group" aria-label="Discussion actions">
          {can.edit && (
            <Link className="button is-light is-small" to={`/discuss/${thread.id}/edit`}>
              <Icon name="edit" /> Edit
            </Link>
          )}
          {can.moderate && (
            <>
              <button
                type="button"
                className="button is-light is-small"
                onClick={() =>
                  moderate({ isOpen: !thread.isOpen }, thread.isOpen ? 'Discussion closed' : 'Discussion reopened')
                }
              >
                {thread.isOpen ? 'Close' : 'Reopen'}
              </button>
              <button
                type="button"
                className="button is-light is-small"
                onClick={() =>
                  moderate(
                    { isPinned: !thread.isPinned },
                    thread.isPinned ? 'Discussion unpinned' : 'Discussion pinned',
                  )
                }
              >
                {thread.isPinned ? 'Unpin' : 'Pin'}
              </button>
              <label className="thread-move">
                <span>Move to</span>
                <select
                  className="input"
                  value={thread.category}
                  onChange={(event) =>
                    moderate(
                      { category: event.target.value as DiscussionCategory },
                      `Discussion moved to ${DISCUSSION_CATEGORIES[event.target.value as DiscussionCategory]}`,
                    )
                  }
                >
                  {Object.entries(DISCUSSION_CATEGORIES).map(([id, label]) => (
                    <option key={id} value={id}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="button is-danger is-small"
                onClick={() => setConfirm({ kind: 'thread' })}
              >
                <Icon name="delete" /> Delete discussion
              </button>
            </>
          )}
        </div>
      )}
      <Post
        id="post-thread"
        author={thread.authorName}
        createdAt={thread.createdAt}
        editedAt={thread.editedAt}
        body={thread.body}
        onQuote={can.reply ? () => quote(thread) : undefined}
      />
      <h2 id="replies" className="replies-title" tabIndex={-1}>
        {replyPage.total === 1 ? '1 reply' : `${replyPage.total} replies`}
      </h2>
      <ReplyPager {...replyPage} />
      <ol className="reply-list" start={(replyPage.page - 1) * replyPage.size + 1}>
        {replies.map((reply) => (
          <li key={reply.id}>
            {reply.id === detail.firstUnreadId && (
              <p id="unread-start" className="unread-start">
                <span>New since your last visit</span>
              </p>
            )}
            <ReplyPost
              reply={reply}
              threadId={thread.id}
              highlighted={highlight === `reply-${reply.id}`}
              canEdit={thread.isOpen && reply.authorId === detail.viewerId}
              onQuote={can.reply ? () => quote(reply) : undefined}
              onDelete={can.moderate ? () => setConfirm({ kind: 'reply', reply }) : undefined}
              onSaved={reload}
              maxBodyChars={detail.limits.maxBodyChars}
            />
          </li>
        ))}
      </ol>
      <ReplyPager {...replyPage} />
      {can.reply ? (
        <ReplyForm
          threadId={thread.id}
          draft={replyDraft}
          textareaRef={replyBox}
          maxBodyChars={detail.limits.maxBodyChars}
          onSent={(replyId) => {
            reload();
            navigate(`${discussionPath(thread.id, thread.title, replyId)}`, { replace: true });
          }}
        />
      ) : (
        <p className="thread-closed muted" role="note">
          This discussion is closed: it takes no new replies.
        </p>
      )}
      {confirm?.kind === 'thread' && (
        <ConfirmDialog
          title="Delete discussion"
          confirmLabel="Delete"
          danger
          onCancel={() => setConfirm(null)}
          onConfirm={async () => {
            const result = await deleteThread(host, thread.id);
            setConfirm(null);
            if (result.ok) {
              host.notify({ level: 'success', message: 'Discussion deleted' });
              navigate('/discuss');
            }
          }}
        >
          <p>Delete “{thread.title}”? It disappears for everyone; the audit log keeps a record and the text is kept.</p>
        </ConfirmDialog>
      )}
      {confirm?.kind === 'reply' && (
        <ConfirmDialog
          title="Delete reply"
          confirmLabel="Delete"
          danger
          onCancel={() => setConfirm(null)}
          onConfirm={async () => {
            const result = await deleteReply(host, thread.id, confirm.reply.id);
            setConfirm(null);
            if (result.ok) {
              host.notify({ level: 'success', message: 'Reply deleted' });
              reload();
            }
          }}
        >
          <p>Delete this reply by {confirm.reply.authorName ?? 'Unknown'}? It disappears for everyone.</p>
        </ConfirmDialog>
      )}
    </article>
  );
}

/**
 * The query of the detail call: a #reply-N link asks for the page holding that reply (unless
 * the URL names a page), else the ?page of the URL.
 */
function repliesWanted(search: URLSearchParams, hash: string): { page?: number; reply?: number } {
  const page = Number(search.get('page'));
  const hasPage = Number.isSafeInteger(page) && page > 1;
  const reply = /^#reply-(\d+)$/.exec(hash)?.[1];
  if (reply && !hasPage) return { reply: Number(reply) };
  return hasPage ? { page } : {};
}

/** Previous / next over the pages of replies: plain links (?page=N), so a page can be shared or opened apart. */
function ReplyPager({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  const to = (target: number) => ({ search: target > 1 ? `?page=${target}` : '', hash: '#replies' });
  return (
    <nav className="pager" aria-label="Pages of replies">
      {page > 1 ? (
        <Link className="button is-light" to={to(page - 1)}>
          <Icon name="previous" /> Earlier replies
        </Link>
      ) : (
        <button type="button" className="button is-light" disabled>
          <Icon name="previous" /> Earlier replies
        </button>
      )}
      <span className="muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className="button is-light" to={to(page + 1)}>
          Later replies <Icon name="next" />
        </Link>
      ) : (
        <button type="button" className="button is-light" disabled>
          Later replies <Icon name="next" />
        </button>
      )}
    </nav>
  );
}

interface PostProps {
  id: string;
  author: string | null;
  createdAt: number;
  editedAt: number | null;
  body: string;
  highlighted?: boolean;
  onQuote?(): void;
  children?: React.ReactNode;
  actions?: React.ReactNode;
}

function Post({ id, author, createdAt, editedAt, body, highlighted, onQuote, children, actions }: PostProps) {
  return (
    <div id={id} tabIndex={-1} className={highlighted ? 'post is-highlighted' : 'post'}>
      <div className="post-meta">
        <strong>{author ?? 'Unknown'}</strong>
        <span className="muted">
          <RelativeTime value={createdAt} />
          {editedAt !== null && (
            <>
              {' · '}
              <span title={formatDate(editedAt)}>
                edited <RelativeTime value={editedAt} />
              </span>
            </>
          )}
        </span>
      </div>
      {children ?? <Markdown text={body} className="post-body" />}
      {(onQuote || actions) && (
        <div className="post-actions">
          {onQuote && (
            <button type="button" className="link-button" onClick={onQuote}>
              Quote
            </button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}

function ReplyPost({
  reply,
  threadId,
  highlighted,
  canEdit,
  onQuote,
  onDelete,
  onSaved,
  maxBodyChars,
}: {
  reply: DiscussionReply;
  threadId: number;
  highlighted: boolean;
  canEdit: boolean;
  onQuote?(): void;
  onDelete?(): void;
  onSaved(): void;
  maxBodyChars: number;
}) {
  const host = useHost();
  const draft = useDraft(`reply-edit.${reply.id}`, reply.body);
  const [editing, setEditing] = useState(draft.restored);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.value.trim()) {
      setError('Write something first');
      return;
    }
    setBusy(true);
    const result = await editReply(host, threadId, reply.id, draft.value);
    setBusy(false);
    if (!result.ok) {
      setError(result.failure.message);
      return;
    }
    draft.clear();
    setEditing(false);
    onSaved();
  };
  return (
    <Post
      id={`reply-${reply.id}`}
      author={reply.authorName}
      createdAt={reply.createdAt}
      editedAt={reply.editedAt}
      body={reply.body}
      highlighted={highlighted}
      onQuote={editing ? undefined : onQuote}
      actions={
        !editing && (
          <>
            {canEdit && (
              <button type="button" className="link-button" onClick={() => setEditing(true)}>
                Edit
              </button>
            )}
            {onDelete && (
              <button type="button" className="link-button is-danger" onClick={onDelete}>
                Delete
              </button>
            )}
          </>
        )
      }
    >
      {editing ? (
        <form className="form" onSubmit={save} noValidate>
          <MarkdownEditor
            label="Edit your reply"
            value={draft.value}
            onChange={draft.setValue}
            rows={5}
            maxLength={maxBodyChars}
          />
          {error && (
            <p className="error-text" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy} aria-busy={busy}>
              Save reply
            </button>
            <button
              type="button"
              className="button is-light"
              disabled={busy}
              onClick={() => {
                draft.discard();
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : undefined}
    </Post>
  );
}

function ReplyForm({
  threadId,
  draft,
  textareaRef,
  maxBodyChars,
  onSent,
}: {
  threadId: number;
  draft: ReturnType<typeof useDraft<string>>;
  textareaRef: React.Ref<HTMLTextAreaElement>;
  maxBodyChars: number;
  onSent(replyId: number): void;
}) {
  const host = useHost();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.value.trim()) {
      setError('Write something first');
      return;
    }
    setBusy(true);
    const result = await createReply(host, threadId, draft.value);
    setBusy(false);
    if (!result.ok) {
      setError(result.failure.message);
      return;
    }
    setError(null);
    draft.discard();
    onSent((result.data as DiscussionReply).id);
  };
  return (
    <form className="form reply-form" onSubmit={send} noValidate aria-labelledby="reply-form-title">
      <h2 id="reply-form-title">Reply</h2>
      {draft.restored && (
        <div className="draft-notice" role="status">
          <span>Your unsaved reply was restored.</span>
          <button type="button" className="link-button" onClick={draft.discard}>
            Discard draft
          </button>
        </div>
      )}
      <MarkdownEditor
        label="Your reply"
        value={draft.value}
        onChange={draft.setValue}
        rows={6}
        maxLength={maxBodyChars}
        textareaRef={textareaRef}
      />
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          Post reply
        </button>
      </div>
    </form>
  );
}
