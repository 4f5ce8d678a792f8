import {
  BAN_TYPES,
  type BanScope,
  type BanType,
  MAX_NOTE_LENGTH,
  type ReportGroup,
  reportGroupSchema,
  reportResolveSchema,
} from '@outpost/contracts';
import { sendJson, useCan, useHost, useT } from '@outpost/host';
import { Checkbox, Field, FormActions, Input, Modal, RadioGroup, Select, TextArea } from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { BAN_LENGTH_CHOICES, lengthChoiceValue, parseLengthChoice } from '../bans/ban-length';
import { ScopeField, useScopeChoice } from '../bans/scope-field';

type Action = 'ban' | 'note' | 'dismiss';

interface Props {
  group: ReportGroup;
  targetLabel: string;
  onDone(): void;
  onCancel(): void;
}

/** The server of the group's latest report made on one (in game, or picked on the web); null when none. */
export function reportedServer(group: ReportGroup): BanScope | null {
  const latest = [...group.reports]
    .filter((report) => report.serverId !== null)
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0];
  return latest?.serverId ? { kind: 'server', serverId: latest.serverId } : null;
}

/**
 * Resolve every report of a group in one step. A ban or note is offered only to holders of
 * bans.create / notes.create (the API checks again, with the act-on rule).
 */
export function ResolveDialog({ group, targetLabel, onDone, onCancel }: Props) {
  const t = useT();
  const host = useHost();
  const canBan = useCan('bans.create');
  const canNote = useCan('notes.create');
  const [action, setAction] = useState<Action>(canBan ? 'ban' : canNote ? 'note' : 'dismiss');
  const [type, setType] = useState<BanType>('ban');
  const [reason, setReason] = useState(group.reasons.join(', '));
  const [length, setLength] = useState(lengthChoiceValue(86400));
  const [body, setBody] = useState(
    t('players-bans-notes.reports.resolve.noteBody', { reasons: group.reasons.join(', '), count: group.reportCount }),
  );
  const [isPublic, setIsPublic] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The ban holds at first on the server the reports were made on (the latest with one), when
  // the user may give that scope; else as the ban form (issue 25).
  const scope = useScopeChoice(reportedServer(group));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input =
      action === 'ban'
        ? { action, type, reason, length: parseLengthChoice(length), scope: scope.scope ?? undefined }
        : action === 'note'
          ? { action, body, isPublic }
          : { action, comment };
    const parsed = reportResolveSchema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('players-bans-notes.reports.error.form'));
      return;
    }
    setError(null);
    setBusy(true);
    const result = await sendJson(
      host,
      'POST',
      `/api/reports/groups/${group.id}/resolve`,
      parsed.data,
      reportGroupSchema,
      {
        quiet: true,
      },
    );
    setBusy(false);
    if (!result.ok) {
      setError(result.failure.message);
      return;
    }
    host.notify({
      level: 'success',
      message:
        action === 'ban'
          ? t('players-bans-notes.reports.resolve.done.ban', { name: targetLabel })
          : action === 'note'
            ? t('players-bans-notes.reports.resolve.done.note', { name: targetLabel })
            : t('players-bans-notes.reports.resolve.done.dismiss'),
    });
    onDone();
  };

  return (
    <Modal
      title={t('players-bans-notes.reports.resolve.title', { name: targetLabel })}
      onClose={onCancel}
      width="36rem"
    >
      <form className="form" onSubmit={submit} noValidate>
        <RadioGroup
          legend={t('players-bans-notes.reports.resolve.outcome')}
          value={action}
          onChange={setAction}
          options={[
            ...(canBan ? [{ value: 'ban' as const, label: t('players-bans-notes.reports.resolve.outcome.ban') }] : []),
            ...(canNote
              ? [{ value: 'note' as const, label: t('players-bans-notes.reports.resolve.outcome.note') }]
              : []),
            { value: 'dismiss' as const, label: t('players-bans-notes.reports.resolve.outcome.dismiss') },
          ]}
        />

        {action === 'ban' && (
          <>
            <Field label={t('players-bans-notes.reports.resolve.type')}>
              {(control) => (
                <Select {...control} value={type} onChange={(e) => setType(e.target.value as BanType)}>
                  {BAN_TYPES.map((value) => (
                    <option key={value} value={value}>
                      {t(`players-bans-notes.bans.type.${value}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field
              label={t('players-bans-notes.reports.resolve.reason')}
              hint={t('players-bans-notes.reports.resolve.reason.hint')}
            >
              {(control) => (
                <Input {...control} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
              )}
            </Field>
            <Field label={t('players-bans-notes.reports.resolve.length')}>
              {(control) => (
                <Select {...control} value={length} onChange={(e) => setLength(e.target.value)}>
                  {BAN_LENGTH_CHOICES.map((choice) => (
                    <option key={choice.label} value={lengthChoiceValue(choice.seconds)}>
                      {choice.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <ScopeField choice={scope} />
          </>
        )}
        {action === 'note' && (
          <>
            <Field label={t('players-bans-notes.reports.resolve.note')}>
              {(control) => (
                <TextArea
                  {...control}
                  rows={5}
                  value={body}
                  maxLength={MAX_NOTE_LENGTH}
                  onChange={(e) => setBody(e.target.value)}
                />
              )}
            </Field>
            <Checkbox
              label={t('players-bans-notes.reports.resolve.note.public')}
              checked={isPublic}
              onChange={(e) => setIsPublic(e.target.checked)}
            />
          </>
        )}
        {action === 'dismiss' && (
          <Field
            label={t('players-bans-notes.reports.resolve.comment')}
            hint={t('players-bans-notes.reports.resolve.comment.hint')}
          >
            {(control) => (
              <TextArea
                {...control}
                rows={3}
                value={comment}
                maxLength={500}
                onChange={(e) => setComment(e.target.value)}
              />
            )}
          </Field>
        )}
        <p className="muted field-hint">
          {group.reportCount === 1
            ? t('players-bans-notes.reports.resolve.scope.one')
            : t('players-bans-notes.reports.resolve.scope.many', { count: group.reportCount })}
        </p>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <FormActions
          submitLabel={
            action === 'ban'
              ? t('players-bans-notes.reports.resolve.submit.ban')
              : action === 'note'
                ? t('players-bans-notes.reports.resolve.submit.note')
                : t('players-bans-notes.reports.resolve.submit.dismiss')
          }
          danger={action === 'ban'}
          busy={busy}
          onCancel={onCancel}
        />
      </form>
    </Modal>
  );
}
