import {
  DISCUSSION_CATEGORIES,
  type DiscussionCategory,
  discussionDetailSchema,
  discussionPath,
  MAX_DISCUSSION_TITLE,
} from '@outpost/contracts';
import { useHost, useLoad } from '@outpost/host';
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
  const { state } = useLoad(Number.isSafeInteger(id) && id > 0 ? threadPath(id) : null, discussionDetailSchema);
  if (!(Number.isSafeInteger(id) && id > 0)) return <EmptyState>No discussion has this id</EmptyState>;
  return (
    <LoadState state={state} what="the discussion">
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
    if (!value.title.trim()) next.title = 'A title is required';
    if (!value.body.trim()) next.body = 'Write something first';
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
    host.notify({ level: 'success', message: threadId ? 'Discussion saved' : 'Discussion started' });
    navigate(discussionPath(thread.id, thread.title));
  };

  return (
    <section className="thread-editor" aria-labelledby="editor-title">
      <PageHeader title={<span id="editor-title">{threadId ? 'Edit discussion' : 'New discussion'}</span>} />
      {draft.restored && <DraftNotice what="draft" onDiscard={draft.discard} />}
      <form className="thread-form" onSubmit={submit} noValidate>
        <Field label="Title" error={errors.title}>
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
          <Field label="Category">
            {(control) => (
              <Select
                {...control}
                value={value.category}
                onChange={(event) => change({ category: event.target.value as DiscussionCategory })}
              >
                {Object.entries(DISCUSSION_CATEGORIES).map(([id, label]) => (
                  <option key={id} value={id}>
                    {label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <MarkdownEditor
          label="Message"
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
          submitLabel={threadId ? 'Save' : 'Start discussion'}
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
