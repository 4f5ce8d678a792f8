import { APPEAL_MESSAGE_MAX_CHARS, type AppealDetail } from '@outpost/contracts';
import { useHost, useT } from '@outpost/host';
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
  const t = useT();
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
    <form
      className="stack-form appeal-reply"
      onSubmit={submit}
      noValidate
      aria-label={t('players-bans-notes.appeals.reply.aria')}
    >
      <MarkdownEditor
        preview="fold"
        label={
          staff && internal
            ? t('players-bans-notes.appeals.conversation.internal')
            : t('players-bans-notes.appeals.reply.label')
        }
        value={body}
        onChange={setBody}
        maxLength={APPEAL_MESSAGE_MAX_CHARS}
        error={error}
      />
      {staff && (
        <Checkbox
          label={t('players-bans-notes.appeals.reply.internal')}
          checked={internal}
          onChange={(event) => setInternal(event.target.checked)}
        />
      )}
      <div className="form-row-end">
        <Button type="submit" variant="primary" busy={busy}>
          {staff && internal
            ? t('players-bans-notes.appeals.reply.submit.internal')
            : t('players-bans-notes.appeals.reply.submit')}
        </Button>
      </div>
    </form>
  );
}
