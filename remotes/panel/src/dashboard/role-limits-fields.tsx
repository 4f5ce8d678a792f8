import {
  describeLimitLength,
  LIMIT_LENGTH_CHOICES,
  type RoleLimits,
  serverGroupsResponseSchema,
} from '@outpost/contracts';
import { useLoad } from '@outpost/host';
import { Checkbox, Field, Fieldset, Select } from '@outpost/ui';

// Issue 25 item 4 in the role editor: the longest ban and comm block the role's holders may
// give, whether a permanent one too, and whether they may lift other admins' bans; item 3:
// whether their bans are held to some server groups (and those groups' servers).

const NO_LIMIT = 'none';

function LengthLimitSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange(value: number | null): void;
}) {
  const offered = LIMIT_LENGTH_CHOICES.some((choice) => choice.seconds === value);
  return (
    <Field label={label}>
      {(control) => (
        <Select
          {...control}
          value={value === null ? NO_LIMIT : String(value)}
          onChange={(event) => onChange(event.target.value === NO_LIMIT ? null : Number(event.target.value))}
        >
          <option value={NO_LIMIT}>No limit (permanent too)</option>
          {LIMIT_LENGTH_CHOICES.map((choice) => (
            <option key={choice.seconds} value={String(choice.seconds)}>
              At most {choice.label}
            </option>
          ))}
          {value !== null && !offered && <option value={String(value)}>At most {describeLimitLength(value)}</option>}
        </Select>
      )}
    </Field>
  );
}

export function RoleLimitsFields({ value, onChange }: { value: RoleLimits; onChange(value: RoleLimits): void }) {
  const limited = value.banMaxSeconds !== null || value.commMaxSeconds !== null;
  return (
    <Fieldset
      legend="Limits on bans"
      hint="What holders may give, on the web and in game. Someone holding several roles gets the most generous of them."
    >
      <div className="panel-grid">
        <LengthLimitSelect
          label="Longest ban"
          value={value.banMaxSeconds}
          onChange={(banMaxSeconds) => onChange({ ...value, banMaxSeconds })}
        />
        <LengthLimitSelect
          label="Longest mute, gag or silence"
          value={value.commMaxSeconds}
          onChange={(commMaxSeconds) => onChange({ ...value, commMaxSeconds })}
        />
      </div>
      <Checkbox
        label="May also give permanent ones"
        hint={limited ? 'Despite the longest length above.' : 'Without a limit, permanent ones are allowed anyway.'}
        checked={value.mayGivePermanent || !limited}
        disabled={!limited}
        onChange={(event) => onChange({ ...value, mayGivePermanent: event.target.checked })}
      />
      <Checkbox
        label="May lift bans other admins gave"
        hint="Without it, holders lift only their own (appeals included)."
        checked={value.mayLiftOthers}
        onChange={(event) => onChange({ ...value, mayLiftOthers: event.target.checked })}
      />
      <BanGroupsFields value={value} onChange={onChange} />
    </Fieldset>
  );
}

/** Where holders may ban: every server, or only some server groups and their servers. */
function BanGroupsFields({ value, onChange }: { value: RoleLimits; onChange(value: RoleLimits): void }) {
  const held = value.banGroupIds ?? null;
  return (
    <>
      <Checkbox
        label="Only on some server groups"
        hint="Holders ban, edit and lift only on the groups ticked below and their servers, never on all servers."
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
