import { APPEAL_MESSAGE_MAX_CHARS, type AppealDetail } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { Button, Checkbox, MarkdownEditor } from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { postMessage } from './appeals-api';

/** A reply; staff may instead write an internal comment the player never sees. */
export function ReplyForm({
  appealId,
  staff,
  onSent,
}: {
  appealId: number;
  staff: boolean;
  onSent(detail: AppealDetail): void;
}) {
  const host = useHost();
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const sent = await postMessage(host, appealId, body, internal);
    setBusy(false);
    if (!sent.ok) {
      setError(sent.message);
      return;
    }
    setError(null);
    setBody('');
    setInternal(false);
    onSent(sent.detail);
  };
  return (
    <form className="stack-form appeal-reply" onSubmit={submit} noValidate aria-label="Reply">
      <MarkdownEditor
        preview="fold"
        label={staff && internal ? 'Internal comment' : 'Your reply'}
        value={body}
        onChange={setBody}
        maxLength={APPEAL_MESSAGE_MAX_CHARS}
        error={error}
      />
      {staff && (
        <Checkbox
          label="Internal comment (staff only: the player never sees it)"
          checked={internal}
          onChange={(event) => setInternal(event.target.checked)}
        />
      )}
      <div className="form-row-end">
        <Button type="submit" variant="primary" busy={busy}>
          {staff && internal ? 'Add internal comment' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}
