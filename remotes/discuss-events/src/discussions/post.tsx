import type { DiscussionReply } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { Card, LinkButton, Markdown, RelativeTime } from '@outpost/ui';
import { type ReactNode, useState } from 'react';
import { ReplyEditForm } from './reply-forms';
import { useDraft } from './use-draft';

interface PostProps {
  id: string;
  author: string | null;
  createdAt: number;
  editedAt: number | null;
  body: string;
  highlighted?: boolean;
  onQuote?(): void;
  /** Drawn instead of the body (the reply's edit form). */
  children?: ReactNode;
  actions?: ReactNode;
}

/** The thread's opening post or a reply: author, when (and when edited), the markdown body, Quote and more. */
export function Post({ id, author, createdAt, editedAt, body, highlighted, onQuote, children, actions }: PostProps) {
  const t = useT();
  return (
    <div id={id} tabIndex={-1} className={highlighted ? 'post is-highlighted' : 'post'}>
      <Card>
        <p className="post-meta">
          <strong>{author ?? t('discuss-events.common.unknown')}</strong>
          <span className="muted">
            <RelativeTime value={createdAt} />
            {editedAt !== null && (
              <>
                {` · ${t('discuss-events.post.edited')} `}
                <RelativeTime value={editedAt} />
              </>
            )}
          </span>
        </p>
        {children ?? <Markdown text={body} className="post-body" />}
        {(onQuote || actions) && (
          <div className="post-actions">
            {onQuote && <LinkButton onClick={onQuote}>{t('discuss-events.post.quote')}</LinkButton>}
            {actions}
          </div>
        )}
      </Card>
    </div>
  );
}

/** A reply, which its author may edit in place (the edit's draft survives a reload) and a moderator delete. */
export function ReplyPost({
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
  const t = useT();
  const draft = useDraft(`reply-edit.${reply.id}`, reply.body);
  const [editing, setEditing] = useState(draft.restored);
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
            {canEdit && <LinkButton onClick={() => setEditing(true)}>{t('discuss-events.common.edit')}</LinkButton>}
            {onDelete && (
              <LinkButton danger onClick={onDelete}>
                {t('discuss-events.common.delete')}
              </LinkButton>
            )}
          </>
        )
      }
    >
      {editing ? (
        <ReplyEditForm
          threadId={threadId}
          replyId={reply.id}
          draft={draft}
          maxBodyChars={maxBodyChars}
          onSaved={() => {
            setEditing(false);
            onSaved();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : undefined}
    </Post>
  );
}
