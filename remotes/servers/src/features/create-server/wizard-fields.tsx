import type { ServerGroup } from '@outpost/contracts';
import { Field } from '../../lib/field';
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
      {(id) => (
        <input
          id={id}
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
      <div className="form-grid">
        <Field label="Group" error={errors.groupId}>
          {(id) => (
            <select id={id} value={values.groupId} onChange={(event) => onChange({ groupId: event.target.value })}>
              {groups.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name} ({group.game})
                </option>
              ))}
            </select>
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
    <div className="form-grid">
      {text('rconPort', 'RCON port', 'Empty: same as the port')}
      {text('rconPassword', 'RCON password', 'Stored, never shown again', 'password')}
      <Field label="Tags" error={errors.tags} hint="Comma-separated, e.g. 5+, customs">
        {(id) => <ListInput id={id} value={values.tags} onChange={(tags) => onChange({ tags })} />}
      </Field>
      <Field label="Features" error={errors.features} hint="Comma-separated; actions can require them">
        {(id) => <ListInput id={id} value={values.features} onChange={(features) => onChange({ features })} />}
      </Field>
    </div>
  );
}
