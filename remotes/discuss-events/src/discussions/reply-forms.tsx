import type { DiscussionReply } from '@outpost/contracts';
import { type SubmitResult, useHost, useSubmit, useT } from '@outpost/host';
import { Button, FormActions, MarkdownEditor } from '@outpost/ui';
import { type FormEvent, type Ref, useState } from 'react';
import { DraftNotice } from '../common/draft-notice';
import { createReply, editReply } from './discussions-api';
import type { useDraft } from './use-draft';

type TextDraft = ReturnType<typeof useDraft<string>>;

/**
 * What both reply forms share: a body that must not be blank, sent once at a time, the API's
 * refusal (e.g. posting too fast) shown under the box with the text kept.
 */
function useBodySend<T>(draft: TextDraft, send: (body: string) => Promise<SubmitResult<T>>, onDone: (data: T) => void) {
  const t = useT();
  const [blank, setBlank] = useState(false);
  const submission = useSubmit(send, { onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = !draft.value.trim();
    setBlank(empty);
    if (!empty) void submission.submit(draft.value);
  };
  const error = blank ? t('discuss-events.reply.blank') : (submission.failure?.message ?? null);
  return { submit, error, busy: submission.busy };
}

/** The reply box under a thread; the draft survives a reload until it is sent or discarded. */
export function ReplyForm({
  threadId,
  draft,
  textareaRef,
  maxBodyChars,
  onSent,
}: {
  threadId: number;
  draft: TextDraft;
  textareaRef: Ref<HTMLTextAreaElement>;
  maxBodyChars: number;
  onSent(replyId: number): void;
}) {
  const host = useHost();
  const t = useT();
  const { submit, error, busy } = useBodySend(
    draft,
    (body) => createReply(host, threadId, body),
    (reply) => {
      draft.discard();
      onSent((reply as DiscussionReply).id);
    },
  );
  return (
    <form className="reply-form" onSubmit={submit} noValidate aria-labelledby="reply-form-title">
      <h2 id="reply-form-title" className="thread-section-title">
        {t('discuss-events.reply.title')}
      </h2>
      {draft.restored && <DraftNotice what="reply" onDiscard={draft.discard} />}
      <MarkdownEditor
        label={t('discuss-events.reply.yours')}
        value={draft.value}
        onChange={draft.setValue}
        rows={6}
        maxLength={maxBodyChars}
        error={error}
        textareaRef={textareaRef}
      />
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={busy}>
          {t('discuss-events.reply.post')}
        </Button>
      </div>
    </form>
  );
}

/** A reply's author edits it in place. */
export function ReplyEditForm({
  threadId,
  replyId,
  draft,
  maxBodyChars,
  onSaved,
  onCancel,
}: {
  threadId: number;
  replyId: number;
  draft: TextDraft;
  maxBodyChars: number;
  onSaved(): void;
  onCancel(): void;
}) {
  const host = useHost();
  const t = useT();
  const { submit, error, busy } = useBodySend(
    draft,
    (body) => editReply(host, threadId, replyId, body),
    () => {
      draft.clear();
      onSaved();
    },
  );
  return (
    <form className="reply-edit-form" onSubmit={submit} noValidate>
      <MarkdownEditor
        label={t('discuss-events.reply.editYours')}
        value={draft.value}
        onChange={draft.setValue}
        rows={5}
        maxLength={maxBodyChars}
        error={error}
      />
      <FormActions
        submitLabel={t('discuss-events.reply.save')}
        busy={busy}
        onCancel={() => {
          draft.discard();
          onCancel();
        }}
      />
    </form>
  );
}
