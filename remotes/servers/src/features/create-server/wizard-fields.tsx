import type { ServerGroup } from '@outpost/contracts';
import { Field, Input, Select } from '@outpost/ui';
import type { FieldErrors } from '../manage/form-values';
import { ListInput } from '../manage/list-input';
import type { WizardValues } from './wizard-state';

interface Props {
  step: number;
  values: WizardValues;
  groups: ServerGroup[];
  errors: FieldErrors;
  onChange: (patch: Partial<WizardValues>) => void;
}

type TextKey = Exclude<keyof WizardValues, 'tags' | 'features'>;

/** The inputs of steps 1 (address) and 2 (control). */
export function WizardFields({ step, values, groups, errors, onChange }: Props) {
  const text = (key: TextKey, label: string, hint?: string, type = 'text') => (
    <Field label={label} error={errors[key]} hint={hint}>
      {(control) => (
        <Input
          {...control}
          type={type}
          autoComplete={type === 'password' ? 'new-password' : undefined}
          value={values[key]}
          onChange={(event) => onChange({ [key]: event.target.value })}
        />
      )}
    </Field>
  );
  if (step === 0)
    return (
      <div className="form-fields">
        <Field label="Group" error={errors.groupId}>
          {(control) => (
            <Select {...control} value={values.groupId} onChange={(event) => onChange({ groupId: event.target.value })}>
              {groups.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name} ({group.game})
                </option>
              ))}
            </Select>
          )}
        </Field>
        {text('name', 'Name')}
        {text('host', 'Host', "What players connect to ('connect host:port')")}
        {text('ip', 'IP', 'The address Outpost queries')}
        {text('port', 'Port')}
        {text('queryPort', 'Query port', 'Empty: same as the port')}
      </div>
    );
  return (
    <div className="form-fields">
      {text('rconPort', 'RCON port', 'Empty: same as the port')}
      {text('rconPassword', 'RCON password', 'Stored, never shown again', 'password')}
      <Field label="Tags" error={errors.tags} hint="Comma-separated, e.g. 5+, customs">
        {(control) => <ListInput {...control} value={values.tags} onChange={(tags) => onChange({ tags })} />}
      </Field>
      <Field label="Features" error={errors.features} hint="Comma-separated; actions can require them">
        {(control) => (
          <ListInput {...control} value={values.features} onChange={(features) => onChange({ features })} />
        )}
      </Field>
    </div>
  );
}
