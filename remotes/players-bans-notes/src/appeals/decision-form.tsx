import { APPEAL_REASON_MAX_CHARS, type Appeal, type AppealDecision, type AppealDetail } from '@outpost/contracts';
import { useCan, useHost, useT } from '@outpost/host';
import { Button, Callout, Card, Field, RadioGroup, Select, TextArea } from '@outpost/ui';
import { type FormEvent, useId, useState } from 'react';
import { BAN_LENGTH_CHOICES, formatDuration } from '../bans/ban-length';
import { decideAppeal } from './appeals-api';

type Choice = 'lift' | 'shorten' | 'deny';

/** Accept (lift or shorten the ban, as the staff member's ban permissions allow) or deny, with the reason. */
export function DecisionForm({ appeal, onDecided }: { appeal: Appeal; onDecided(detail: AppealDetail): void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const canLift = useCan('bans.unban');
  const canShorten = useCan('bans.edit');
  const inForce = appeal.ban?.status === 'active';
  const current = appeal.ban?.length ?? null;
  const shorter = BAN_LENGTH_CHOICES.filter(
    (choice): choice is { label: string; seconds: number } =>
      choice.seconds !== null && (current === null || choice.seconds < current),
  );
  const [choice, setChoice] = useState<Choice>(inForce && canLift ? 'lift' : 'deny');
  const [length, setLength] = useState(String(shorter[0]?.seconds ?? 3600));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const decision: AppealDecision =
      choice === 'deny'
        ? { outcome: 'denied', reason }
        : choice === 'lift'
          ? { outcome: 'accepted', action: 'lift', reason }
          : { outcome: 'accepted', action: 'shorten', length: Number(length), reason };
    setBusy(true);
    const sent = await decideAppeal(host, appeal.id, decision);
    setBusy(false);
    if (!sent.ok) {
      setError(sent.message);
      return;
    }
    host.notify({
      level: 'success',
      message: t(`players-bans-notes.appeals.decision.done.${sent.detail.appeal.state}`, { id: appeal.id }),
    });
    onDecided(sent.detail);
  };

  const options: { value: Choice; label: string; enabled: boolean }[] = [
    {
      value: 'lift',
      label: inForce
        ? t('players-bans-notes.appeals.decision.lift')
        : t('players-bans-notes.appeals.decision.liftEnded'),
      enabled: canLift || !inForce,
    },
    {
      value: 'shorten',
      label: t('players-bans-notes.appeals.decision.shorten', { length: formatDuration(current) }),
      enabled: inForce && canShorten && shorter.length > 0,
    },
    { value: 'deny', label: t('players-bans-notes.appeals.decision.deny'), enabled: true },
  ];
  return (
    <Card>
      <form className="stack-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('players-bans-notes.appeals.decision.title')}</h2>
        <RadioGroup
          legend={t('players-bans-notes.appeals.view.outcome')}
          value={choice}
          onChange={setChoice}
          options={options.filter((option) => option.enabled)}
        />
        {choice === 'shorten' && (
          <Field label={t('players-bans-notes.appeals.decision.length')}>
            {(control) => (
              <Select {...control} value={length} onChange={(e) => setLength(e.target.value)}>
                {shorter.map((option) => (
                  <option key={option.seconds} value={String(option.seconds)}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Field label={t('players-bans-notes.appeals.decision.reason')}>
          {(control) => (
            <TextArea
              {...control}
              value={reason}
              maxLength={APPEAL_REASON_MAX_CHARS}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        {error && (
          <Callout tone="danger" role="alert">
            {error}
          </Callout>
        )}
        <div className="form-row-end">
          <Button type="submit" variant={choice === 'deny' ? 'danger' : 'primary'} busy={busy}>
            {choice === 'deny'
              ? t('players-bans-notes.appeals.decision.submit.deny')
              : t('players-bans-notes.appeals.decision.submit.accept')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
