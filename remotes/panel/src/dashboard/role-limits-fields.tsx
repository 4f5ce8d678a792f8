import { describeLimitLength, LIMIT_LENGTH_CHOICES, type RoleLimits } from '@outpost/contracts';
import { Checkbox, Field, Fieldset, Select } from '@outpost/ui';

// Issue 25 item 4 in the role editor: the longest ban and comm block the role's holders may
// give, whether a permanent one too, and whether they may lift other admins' bans.

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
    </Fieldset>
  );
}
