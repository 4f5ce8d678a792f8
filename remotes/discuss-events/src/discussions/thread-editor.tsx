import {
  DISCUSSION_CATEGORIES,
  type DiscussionCategory,
  discussionDetailSchema,
  discussionPath,
  MAX_DISCUSSION_TITLE,
} from '@outpost/contracts';
import { useHost, useLoad, useT } from '@outpost/host';
import {
  AccessDenied,
  Callout,
  EmptyState,
  Field,
  FormActions,
  Input,
  LoadState,
  MarkdownEditor,
  PageHeader,
  Select,
} from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DraftNotice } from '../common/draft-notice';
import { createThread, editThread, threadPath } from './discussions-api';
import { useDraft } from './use-draft';

interface Draft {
  title: string;
  body: string;
  category: DiscussionCategory;
}

/** /discuss/new */
export function NewThreadPage() {
  return <ThreadForm draftKey="new" initial={{ title: '', body: '', category: 'general' }} />;
}

/** /discuss/:id/edit: the author edits title and body. */
export function EditThreadPage() {
  const id = Number(useParams().id);
  const t = useT();
  const { state } = useLoad(Number.isSafeInteger(id) && id > 0 ? threadPath(id) : null, discussionDetailSchema);
  if (!(Number.isSafeInteger(id) && id > 0)) return <EmptyState>{t('discuss-events.thread.badId')}</EmptyState>;
  return (
    <LoadState state={state} what={t('discuss-events.thread.what')}>
      {({ thread, can, limits }) =>
        can.edit ? (
          <ThreadForm
            draftKey={`edit.${thread.id}`}
            threadId={thread.id}
            maxBodyChars={limits.maxBodyChars}
            initial={{ title: thread.title, body: thread.body, category: thread.category }}
          />
        ) : (
          <AccessDenied />
        )
      }
    </LoadState>
  );
}

function ThreadForm({
  draftKey,
  initial,
  threadId,
  maxBodyChars,
}: {
  draftKey: string;
  initial: Draft;
  threadId?: number;
  maxBodyChars?: number;
}) {
  const host = useHost();
  const t = useT();
  const navigate = useNavigate();
  const draft = useDraft<Draft>(draftKey, initial);
  const [errors, setErrors] = useState<{ title?: string; body?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const value = draft.value;
  const change = (changes: Partial<Draft>) => draft.setValue({ ...value, ...changes });
  const backTo = threadId ? discussionPath(threadId, initial.title) : '/discuss';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!value.title.trim()) next.title = t('discuss-events.editor.titleRequired');
    if (!value.body.trim()) next.body = t('discuss-events.reply.blank');
    setErrors(next);
    if (next.title || next.body) return;
    setBusy(true);
    const saved = threadId
      ? await editThread(host, threadId, { title: value.title.trim(), body: value.body })
      : await createThread(host, { title: value.title.trim(), body: value.body, category: value.category });
    setBusy(false);
    if (!saved.ok) {
      setErrors({ form: saved.failure.message });
      return;
    }
    draft.clear();
    const thread = saved.data as Exclude<typeof saved.data, true>;
    host.notify({
      level: 'success',
      message: threadId ? t('discuss-events.editor.saved') : t('discuss-events.editor.started'),
    });
    navigate(discussionPath(thread.id, thread.title));
  };

  return (
    <section className="thread-editor" aria-labelledby="editor-title">
      <PageHeader
        title={
          <span id="editor-title">
            {threadId ? t('discuss-events.editor.editHeading') : t('discuss-events.editor.newHeading')}
          </span>
        }
      />
      {draft.restored && <DraftNotice what="draft" onDiscard={draft.discard} />}
      <form className="thread-form" onSubmit={submit} noValidate>
        <Field label={t('discuss-events.editor.title')} error={errors.title}>
          {(control) => (
            <Input
              {...control}
              value={value.title}
              maxLength={MAX_DISCUSSION_TITLE}
              onChange={(event) => change({ title: event.target.value })}
            />
          )}
        </Field>
        {!threadId && (
          <Field label={t('discuss-events.editor.category')}>
            {(control) => (
              <Select
                {...control}
                value={value.category}
                onChange={(event) => change({ category: event.target.value as DiscussionCategory })}
              >
                {Object.keys(DISCUSSION_CATEGORIES).map((id) => (
                  <option key={id} value={id}>
                    {t(`discuss-events.category.${id}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <MarkdownEditor
          label={t('discuss-events.editor.message')}
          value={value.body}
          onChange={(body) => change({ body })}
          maxLength={maxBodyChars}
          error={errors.body}
          rows={12}
        />
        {errors.form && (
          <Callout tone="danger" role="alert">
            {errors.form}
          </Callout>
        )}
        <FormActions
          submitLabel={threadId ? t('discuss-events.editor.save') : t('discuss-events.editor.start')}
          busy={busy}
          // Cancel is deliberate: it drops the draft (an accidental navigation keeps it).
          onCancel={() => {
            draft.discard();
            navigate(backTo);
          }}
        />
      </form>
    </section>
  );
}
