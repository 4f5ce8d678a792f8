import { APPEAL_STATEMENT_MAX_CHARS, appealPath, type Ban } from '@outpost/contracts';
import { SLOT, useHost, useT, withNode } from '@outpost/host';
import { Callout, FormActions, MarkdownEditor, Modal } from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { formatDuration } from '../bans/ban-length';
import { banReason } from '../common/ban-words';
import { createAppeal } from './appeals-api';

/** The player's appeal of their own ban: the statement, then on to the conversation page. */
export function AppealDialog({ ban, onCancel }: { ban: Ban; onCancel(): void }) {
  const t = useT();
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
    host.notify({ level: 'success', message: t('players-bans-notes.appeals.dialog.sent') });
    host.navigate(appealPath(sent.detail.appeal.id));
  };
  const title =
    ban.type === 'ban'
      ? t('players-bans-notes.appeals.dialog.title.ban', { id: ban.id })
      : t('players-bans-notes.appeals.dialog.title.block', {
          type: t(`players-bans-notes.bans.type.${ban.type}`),
          id: ban.id,
        });
  return (
    <Modal title={title} onClose={onCancel} width="40rem">
      <form className="stack-form" onSubmit={submit} noValidate>
        {ban.origin && (
          <Callout tone="info">
            {withNode(
              t('players-bans-notes.appeals.dialog.federated', { site: new URL(ban.origin.site).host, link: SLOT }),
              <a href={ban.origin.appeals ?? ban.origin.site} rel="noreferrer">
                {t('players-bans-notes.appeals.dialog.federated.link')}
              </a>,
            )}
          </Callout>
        )}
        <p>
          {withNode(
            t('players-bans-notes.appeals.dialog.reason', { reason: SLOT, length: formatDuration(ban.length) }),
            <em>{banReason(ban)}</em>,
          )}
        </p>
        <MarkdownEditor
          preview="fold"
          label={t('players-bans-notes.appeals.dialog.statement')}
          value={statement}
          onChange={setStatement}
          maxLength={APPEAL_STATEMENT_MAX_CHARS}
          rows={8}
          error={error}
        />
        <FormActions submitLabel={t('players-bans-notes.appeals.dialog.submit')} busy={busy} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
