import {
  BAN_TYPES,
  type Ban,
  type BanType,
  banCreateSchema,
  banEditSchema,
  banSchema,
  NO_RESTRICTION_LIMITS,
} from '@outpost/contracts';
import { SLOT, sendJson, useHost, useSessionStore, useT, withNode } from '@outpost/host';
import { Callout, Field, FormActions, Input, Modal, Select, TextArea } from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { SteamIdInput } from '../common/steam-id-input';
import { lengthChoiceValue, parseLengthChoice } from './ban-length';
import { lengthChoices, limitHint } from './length-choices';
import { ScopeField, useScopeChoice } from './scope-field';

interface Props {
  /** Edit this ban; create a new one when absent. */
  ban?: Ban;
  /** Prefilled (and fixed) player when banning from the player modal. */
  steamid?: string;
  playerName?: string;
  onDone(ban: Ban | null): void;
  onCancel(): void;
}

/** Create or edit a ban; checked with the same zod schema the API uses before it is sent. */
export function BanForm({ ban, steamid, playerName, onDone, onCancel }: Props) {
  const host = useHost();
  const t = useT();
  const [type, setType] = useState<BanType>(ban?.type ?? 'ban');
  const [steamText, setSteamText] = useState(steamid ?? '');
  const [ip, setIp] = useState('');
  const [name, setName] = useState(playerName ?? '');
  const [reason, setReason] = useState(ban?.reason ?? '');
  const [picked, setPicked] = useState(lengthChoiceValue(ban ? ban.length : 86400));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Only the lengths the user may give (issue 25 item 4); the API checks every ban again.
  const limits = useSessionStore((state) => state.session?.permissions.limits) ?? NO_RESTRICTION_LIMITS;
  const choices = lengthChoices(limits, type, ban);
  const values = choices.map((choice) => lengthChoiceValue(choice.seconds));
  // A type with a shorter limit than the picked length falls back to the longest it allows.
  const length = values.includes(picked) ? picked : (values.filter((value) => value !== 'permanent').at(-1) ?? picked);
  const hint = limitHint(limits, type);
  // Only the scopes the user may give (issue 25 item 3): every server, or their groups' own.
  const scope = useScopeChoice();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const seconds = parseLengthChoice(length);
    const parsed = ban
      ? banEditSchema.safeParse({ reason, length: seconds })
      : banCreateSchema.safeParse({
          type,
          steamid: steamText.trim() || undefined,
          ip: ip.trim() || undefined,
          playerName: name.trim() || undefined,
          reason,
          length: seconds,
          scope: scope.scope ?? undefined,
        });
    if (!ban && !scope.scope) {
      setError(t('players-bans-notes.bans.form.scopeMissing'));
      return;
    }
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('players-bans-notes.bans.form.check'));
      return;
    }
    setError(null);
    setBusy(true);
    const saved = ban
      ? await sendJson(host, 'PATCH', `/api/bans/${ban.id}`, parsed.data, banSchema)
      : await sendJson(host, 'POST', '/api/bans', parsed.data, banSchema);
    setBusy(false);
    if (!saved.ok) return; // The host already told the user why.
    host.notify({
      level: 'success',
      message: t(ban ? 'players-bans-notes.bans.form.updated' : 'players-bans-notes.bans.form.created'),
    });
    onDone(saved.data === true ? null : saved.data);
  };

  return (
    <Modal
      title={
        ban ? t('players-bans-notes.bans.form.editTitle', { id: ban.id }) : t('players-bans-notes.bans.form.newTitle')
      }
      onClose={onCancel}
      width="34rem"
    >
      <form className="stack-form" onSubmit={submit} noValidate>
        {!ban && (
          <>
            <Field label={t('players-bans-notes.bans.form.type')}>
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
            {steamid ? (
              <p>{withNode(t('players-bans-notes.bans.form.player', { steamid: SLOT }), <code>{steamid}</code>)}</p>
            ) : (
              <SteamIdInput
                label={t('players-bans-notes.bans.form.steamId')}
                value={steamText}
                onChange={(text) => setSteamText(text)}
              />
            )}
            <Field label={t('players-bans-notes.bans.form.ip')}>
              {(control) => <Input {...control} value={ip} onChange={(e) => setIp(e.target.value)} />}
            </Field>
            <ScopeField choice={scope} />
            {!steamid && (
              <Field label={t('players-bans-notes.bans.form.playerName')}>
                {(control) => (
                  <Input {...control} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
                )}
              </Field>
            )}
          </>
        )}
        <Field label={t('players-bans-notes.bans.form.reason')}>
          {(control) => (
            <TextArea
              {...control}
              name="reason"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('players-bans-notes.bans.form.length')} hint={hint ?? undefined}>
          {(control) => (
            <Select {...control} name="length" value={length} onChange={(e) => setPicked(e.target.value)}>
              {choices.map((choice) => (
                <option key={choice.label} value={lengthChoiceValue(choice.seconds)}>
                  {choice.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {error && (
          <Callout tone="danger" role="alert">
            {error}
          </Callout>
        )}
        <FormActions
          submitLabel={t(ban ? 'players-bans-notes.bans.form.save' : 'players-bans-notes.bans.form.submit')}
          busy={busy}
          onCancel={onCancel}
          danger
        />
      </form>
    </Modal>
  );
}
