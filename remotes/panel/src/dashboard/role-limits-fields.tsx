import { LIMIT_LENGTH_CHOICES, type RoleLimits, serverGroupsResponseSchema } from '@outpost/contracts';
import { useLoad, useT } from '@outpost/host';
import { Checkbox, Field, Fieldset, Select } from '@outpost/ui';

// Issue 25 item 4 in the role editor: the longest ban and comm block the role's holders may
// give, whether a permanent one too, and whether they may lift other admins' bans; item 3:
// whether their bans are held to some server groups (and those groups' servers).

const NO_LIMIT = 'none';

const DAY = 86400;
const WEEK = 7 * DAY;
const YEAR = 365 * DAY;

/**
 * "At most <length>" in the reader's language, one message per unit (Russian and Polish decline
 * the length after "at most"). The offered choices name weeks and a year as LIMIT_LENGTH_CHOICES
 * labels them; another length is told in days, hours, minutes or seconds as describeLimitLength does.
 */
function atMost(t: ReturnType<typeof useT>, seconds: number, offered: boolean): string {
  if (offered && seconds % YEAR === 0) return t('panel.dashboard.limits.atMost.years', { count: seconds / YEAR });
  if (offered && seconds % WEEK === 0 && seconds < 30 * DAY)
    return t('panel.dashboard.limits.atMost.weeks', { count: seconds / WEEK });
  for (const [size, unit] of [
    [DAY, 'days'],
    [3600, 'hours'],
    [60, 'minutes'],
  ] as const) {
    if (seconds >= size && seconds % size === 0)
      return t(`panel.dashboard.limits.atMost.${unit}`, { count: seconds / size });
  }
  return t('panel.dashboard.limits.atMost.seconds', { count: seconds });
}

function LengthLimitSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange(value: number | null): void;
}) {
  const t = useT();
  const offered = LIMIT_LENGTH_CHOICES.some((choice) => choice.seconds === value);
  return (
    <Field label={label}>
      {(control) => (
        <Select
          {...control}
          value={value === null ? NO_LIMIT : String(value)}
          onChange={(event) => onChange(event.target.value === NO_LIMIT ? null : Number(event.target.value))}
        >
          <option value={NO_LIMIT}>{t('panel.dashboard.limits.none')}</option>
          {LIMIT_LENGTH_CHOICES.map((choice) => (
            <option key={choice.seconds} value={String(choice.seconds)}>
              {atMost(t, choice.seconds, true)}
            </option>
          ))}
          {value !== null && !offered && <option value={String(value)}>{atMost(t, value, false)}</option>}
        </Select>
      )}
    </Field>
  );
}

export function RoleLimitsFields({ value, onChange }: { value: RoleLimits; onChange(value: RoleLimits): void }) {
  const t = useT();
  const limited = value.banMaxSeconds !== null || value.commMaxSeconds !== null;
  return (
    <Fieldset legend={t('panel.dashboard.limits')} hint={t('panel.dashboard.limits.hint')}>
      <div className="panel-grid">
        <LengthLimitSelect
          label={t('panel.dashboard.limits.ban')}
          value={value.banMaxSeconds}
          onChange={(banMaxSeconds) => onChange({ ...value, banMaxSeconds })}
        />
        <LengthLimitSelect
          label={t('panel.dashboard.limits.comm')}
          value={value.commMaxSeconds}
          onChange={(commMaxSeconds) => onChange({ ...value, commMaxSeconds })}
        />
      </div>
      <Checkbox
        label={t('panel.dashboard.limits.permanent')}
        hint={limited ? t('panel.dashboard.limits.permanent.limited') : t('panel.dashboard.limits.permanent.unlimited')}
        checked={value.mayGivePermanent || !limited}
        disabled={!limited}
        onChange={(event) => onChange({ ...value, mayGivePermanent: event.target.checked })}
      />
      <Checkbox
        label={t('panel.dashboard.limits.liftOthers')}
        hint={t('panel.dashboard.limits.liftOthers.hint')}
        checked={value.mayLiftOthers}
        onChange={(event) => onChange({ ...value, mayLiftOthers: event.target.checked })}
      />
      <BanGroupsFields value={value} onChange={onChange} />
    </Fieldset>
  );
}

/** Where holders may ban: every server, or only some server groups and their servers. */
function BanGroupsFields({ value, onChange }: { value: RoleLimits; onChange(value: RoleLimits): void }) {
  const t = useT();
  const held = value.banGroupIds ?? null;
  return (
    <>
      <Checkbox
        label={t('panel.dashboard.limits.groups')}
        hint={t('panel.dashboard.limits.groups.hint')}
        checked={held !== null}
        onChange={(event) => onChange({ ...value, banGroupIds: event.target.checked ? [] : null })}
      />
      {held !== null && <GroupChecks held={held} onChange={(banGroupIds) => onChange({ ...value, banGroupIds })} />}
    </>
  );
}

/** One checkbox per server group (the server list is read only once the role is held to groups). */
function GroupChecks({ held, onChange }: { held: string[]; onChange(groupIds: string[]): void }) {
  const { state } = useLoad('/api/servers', serverGroupsResponseSchema);
  const groups = state.status === 'ready' ? state.data : [];
  const toggle = (groupId: string, on: boolean) => {
    const next = new Set(held);
    if (on) next.add(groupId);
    else next.delete(groupId);
    onChange([...next]);
  };
  return (
    <div className="check-grid">
      {groups.map((group) => (
        <Checkbox
          key={group.id}
          label={group.name}
          checked={held.includes(group.id)}
          onChange={(event) => toggle(group.id, event.target.checked)}
        />
      ))}
    </div>
  );
}
