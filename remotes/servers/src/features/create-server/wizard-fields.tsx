import type { ServerGroup } from '@outpost/contracts';
import { useT } from '@outpost/host';
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
  const t = useT();
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
        <Field label={t('servers.common.group')} error={errors.groupId}>
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
        {text('name', t('servers.common.name'))}
        {text('host', t('servers.form.server.host'), t('servers.form.server.hostHint'))}
        {text('ip', t('servers.form.server.ip'), t('servers.create.ipHint'))}
        {text('port', t('servers.form.server.port'))}
        {text('queryPort', t('servers.form.server.queryPort'), t('servers.form.server.portHint'))}
      </div>
    );
  return (
    <div className="form-fields">
      {text('rconPort', t('servers.form.server.rconPort'), t('servers.form.server.portHint'))}
      {text('rconPassword', t('servers.form.server.rconPassword'), t('servers.create.passwordHint'), 'password')}
      <Field label={t('servers.common.tags')} error={errors.tags} hint={t('servers.form.server.tagsHint')}>
        {(control) => <ListInput {...control} value={values.tags} onChange={(tags) => onChange({ tags })} />}
      </Field>
      <Field
        label={t('servers.form.server.features')}
        error={errors.features}
        hint={t('servers.form.server.featuresHint')}
      >
        {(control) => (
          <ListInput {...control} value={values.features} onChange={(features) => onChange({ features })} />
        )}
      </Field>
    </div>
  );
}
