import { APPEAL_STATEMENT_MAX_CHARS, appealPath, type Ban } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { Callout, FormActions, MarkdownEditor, Modal } from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { formatDuration } from '../bans/ban-length';
import { createAppeal } from './appeals-api';

/** The player's appeal of their own ban: the statement, then on to the conversation page. */
export function AppealDialog({ ban, onCancel }: { ban: Ban; onCancel(): void }) {
  const host = useHost();
  const [statement, setStatement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const sent = await createAppeal(host, ban.id, statement);
    setBusy(false);
    if (!sent.ok) {
      setError(sent.message);
      return;
    }
    host.notify({ level: 'success', message: 'Your appeal was sent to staff' });
    host.navigate(appealPath(sent.detail.appeal.id));
  };
  const what = ban.type === 'ban' ? 'ban' : `${ban.type} (comm block)`;
  return (
    <Modal title={`Appeal ${what} #${ban.id}`} onClose={onCancel} width="40rem">
      <form className="stack-form" onSubmit={submit} noValidate>
        {ban.origin && (
          <Callout tone="info">
            This ban came from another community, {new URL(ban.origin.site).host}, through the ban network this site
            shares with it. It is lifted here when they lift it:{' '}
            <a href={ban.origin.appeals ?? ban.origin.site} rel="noreferrer">
              appeal it on their site
            </a>
            . You may also ask staff here to make an exception.
          </Callout>
        )}
        <p>
          Reason given: <em>{ban.reason}</em> ({formatDuration(ban.length)}). Staff read your statement and may ask you
          questions; you are told of every reply.
        </p>
        <MarkdownEditor
          preview="fold"
          label="Why should it be lifted?"
          value={statement}
          onChange={setStatement}
          maxLength={APPEAL_STATEMENT_MAX_CHARS}
          rows={8}
          error={error}
        />
        <FormActions submitLabel="Send appeal" busy={busy} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
