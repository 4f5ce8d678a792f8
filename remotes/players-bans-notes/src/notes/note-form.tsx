import { MAX_NOTE_LENGTH, type Note, noteCreateSchema, noteEditSchema, noteSchema } from '@outpost/contracts';
import { sendJson, useHost, useT } from '@outpost/host';
import { Callout, Checkbox, Field, FormActions, LinkButton, Markdown, Modal, TextArea } from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { SteamIdInput } from '../common/steam-id-input';

interface Props {
  note?: Note;
  /** The player, when writing from the player modal. */
  steamid?: string;
  onDone(): void;
  onCancel(): void;
}

/** Write or edit a markdown note, public or staff-only, with a sanitised preview. */
export function NoteForm({ note, steamid, onDone, onCancel }: Props) {
  const host = useHost();
  const t = useT();
  const [player, setPlayer] = useState(steamid ?? '');
  const [body, setBody] = useState(note?.body ?? '');
  const [isPublic, setIsPublic] = useState(note?.isPublic ?? false);
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = note
      ? noteEditSchema.safeParse({ body, isPublic })
      : noteCreateSchema.safeParse({ steamid: player, body, isPublic });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('players-bans-notes.bans.form.check'));
      return;
    }
    setError(null);
    setBusy(true);
    const saved = note
      ? await sendJson(host, 'PATCH', `/api/notes/${note.id}`, parsed.data, noteSchema)
      : await sendJson(host, 'POST', '/api/notes', parsed.data, noteSchema);
    setBusy(false);
    if (!saved.ok) return;
    host.notify({
      level: 'success',
      message: t(note ? 'players-bans-notes.notes.saved' : 'players-bans-notes.notes.added'),
    });
    onDone();
  };

  return (
    <Modal
      title={note ? t('players-bans-notes.notes.editTitle', { id: note.id }) : t('players-bans-notes.notes.new')}
      onClose={onCancel}
      width="40rem"
    >
      <form className="stack-form" onSubmit={submit} noValidate>
        {!note && !steamid && (
          <SteamIdInput
            label={t('players-bans-notes.notes.form.player')}
            value={player}
            onChange={(text) => setPlayer(text)}
            required
          />
        )}
        <div className="note-body-field">
          <Field label={t('players-bans-notes.notes.form.body')}>
            {(control) =>
              preview ? (
                <Markdown text={body} className="note-preview" />
              ) : (
                <TextArea
                  {...control}
                  rows={6}
                  value={body}
                  maxLength={MAX_NOTE_LENGTH}
                  onChange={(e) => setBody(e.target.value)}
                />
              )
            }
          </Field>
          <LinkButton className="note-preview-toggle" onClick={() => setPreview((value) => !value)}>
            {t(preview ? 'players-bans-notes.bans.edit' : 'players-bans-notes.notes.form.preview')}
          </LinkButton>
        </div>
        <Checkbox
          label={t('players-bans-notes.notes.form.public')}
          checked={isPublic}
          onChange={(e) => setIsPublic(e.target.checked)}
        />
        {error && (
          <Callout tone="danger" role="alert">
            {error}
          </Callout>
        )}
        <FormActions
          submitLabel={t(note ? 'players-bans-notes.notes.form.save' : 'players-bans-notes.notes.form.add')}
          busy={busy}
          onCancel={onCancel}
        />
      </form>
    </Modal>
  );
}
