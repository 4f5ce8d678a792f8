import { type DiscussionDetail, type DiscussionReply, discussionPath } from '@outpost/contracts';
import { useHost, useT } from '@outpost/host';
import { ConfirmDialog, Icon, PageHeader } from '@outpost/ui';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { deleteReply, quoteOf } from './discussions-api';
import { Post, ReplyPost } from './post';
import { ReplyForm } from './reply-forms';
import { ReplyPager } from './reply-pager';
import { ThreadActions } from './thread-actions';
import { ThreadTags } from './thread-tags';
import { useDraft } from './use-draft';

/** A loaded thread: its head and actions, the opening post, a page of replies, the reply box. */
export function ThreadView({
  detail,
  reload,
  highlight,
}: {
  detail: DiscussionDetail;
  reload(): void;
  highlight: string;
}) {
  const { thread, replies, replyPage, can } = detail;
  const host = useHost();
  const t = useT();
  const navigate = useNavigate();
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const replyDraft = useDraft(`reply.${thread.id}`, '');
  const [deleting, setDeleting] = useState<DiscussionReply | null>(null);

  const quote = (reply: { authorName: string | null; body: string }) => {
    const current = replyDraft.value;
    replyDraft.setValue(`${current}${current && !current.endsWith('\n') ? '\n\n' : ''}${quoteOf(reply)}`);
    replyBox.current?.focus();
    replyBox.current?.scrollIntoView?.({ block: 'center' });
  };

  return (
    <article className="thread" aria-labelledby="thread-title">
      <PageHeader
        title={<span id="thread-title">{thread.title}</span>}
        description={<ThreadTags thread={thread} />}
        back={
          <Link to="/discuss">
            <Icon name="previous" /> {t('discuss-events.thread.back')}
          </Link>
        }
      />
      <ThreadActions thread={thread} canEdit={can.edit} canModerate={can.moderate} onChanged={reload} />
      <Post
        id="post-thread"
        author={thread.authorName}
        createdAt={thread.createdAt}
        editedAt={thread.editedAt}
        body={thread.body}
        onQuote={can.reply ? () => quote(thread) : undefined}
      />
      <h2 id="replies" className="thread-section-title" tabIndex={-1}>
        {t('discuss-events.replies', { count: replyPage.total })}
      </h2>
      <ReplyPager {...replyPage} />
      <ol className="reply-list" start={(replyPage.page - 1) * replyPage.size + 1}>
        {replies.map((reply) => (
          <li key={reply.id}>
            {reply.id === detail.firstUnreadId && (
              <p id="unread-start" className="unread-start">
                <span>{t('discuss-events.thread.newSince')}</span>
              </p>
            )}
            <ReplyPost
              reply={reply}
              threadId={thread.id}
              highlighted={highlight === `reply-${reply.id}`}
              canEdit={thread.isOpen && reply.authorId === detail.viewerId}
              onQuote={can.reply ? () => quote(reply) : undefined}
              onDelete={can.moderate ? () => setDeleting(reply) : undefined}
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
        <p className="muted" role="note">
          {t('discuss-events.thread.closedNote')}
        </p>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('discuss-events.thread.deleteReply')}
          confirmLabel={t('discuss-events.common.delete')}
          danger
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            const result = await deleteReply(host, thread.id, deleting.id);
            setDeleting(null);
            if (result.ok) {
              host.notify({ level: 'success', message: t('discuss-events.thread.replyDeleted') });
              reload();
            }
          }}
        >
          <p>
            {t('discuss-events.thread.deleteReplyText', {
              name: deleting.authorName ?? t('discuss-events.common.unknown'),
            })}
          </p>
        </ConfirmDialog>
      )}
    </article>
  );
}
