import type { ServerAction } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { Button, Checkbox, EmptyState, Field, Fieldset, Input, Select } from '@outpost/ui';
import { emptyAction, type FieldErrors } from './form-values';
import { ListInput } from './list-input';

interface Props {
  actions: ServerAction[];
  onChange: (actions: ServerAction[]) => void;
  /** Errors keyed 'actions.<index>.<field>'. */
  errors: FieldErrors;
}

type TextKey = 'name' | 'command' | 'description' | 'color';

/** Edits a list of actions: name, command, description, color, requiresFeatures, showWhen, isHidden. */
export function ActionsEditor({ actions, onChange, errors }: Props) {
  const t = useT();
  const update = (index: number, patch: Partial<ServerAction>) =>
    onChange(actions.map((action, at) => (at === index ? { ...action, ...patch } : action)));
  const error = (index: number, field: string) => errors[`actions.${index}.${field}`];
  const text = (index: number, key: TextKey, label: string, hint?: string) => (
    <Field label={label} error={error(index, key)} hint={hint}>
      {(control) => (
        <Input
          {...control}
          value={actions[index]?.[key] ?? ''}
          onChange={(event) => update(index, { [key]: event.target.value })}
        />
      )}
    </Field>
  );
  const rowLabel = (index: number) => t('servers.form.actions.row', { number: index + 1 });
  return (
    <Fieldset legend={t('servers.common.actions')} className="actions-editor">
      {actions.length === 0 && <EmptyState>{t('servers.form.actions.empty')}</EmptyState>}
      {actions.map((action, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved; the index is the row
        <div key={index} className="action-row" aria-label={rowLabel(index)} role="group">
          {text(index, 'name', t('servers.common.name'))}
          {text(index, 'command', t('servers.form.actions.command'))}
          {text(index, 'description', t('servers.common.description'))}
          {text(index, 'color', t('servers.form.actions.color'), t('servers.form.actions.colorHint'))}
          <Field label={t('servers.form.actions.requires')} error={error(index, 'requiresFeatures')}>
            {(control) => (
              <ListInput
                {...control}
                value={action.requiresFeatures}
                onChange={(requiresFeatures) => update(index, { requiresFeatures })}
              />
            )}
          </Field>
          <Field label={t('servers.form.actions.showWhen')}>
            {(control) => (
              <Select
                {...control}
                value={action.showWhen}
                onChange={(event) => update(index, { showWhen: event.target.value as ServerAction['showWhen'] })}
              >
                <option value="any">{t('servers.form.actions.showAny')}</option>
                <option value="online">{t('servers.form.actions.showOnline')}</option>
                <option value="offline">{t('servers.form.actions.showOffline')}</option>
              </Select>
            )}
          </Field>
          <Checkbox
            label={t('servers.form.actions.hidden')}
            checked={action.isHidden}
            onChange={(event) => update(index, { isHidden: event.target.checked })}
          />
          <div className="action-row-end">
            <Button
              size="small"
              variant="danger"
              icon="delete"
              onClick={() => onChange(actions.filter((_, at) => at !== index))}
            >
              {t('servers.form.actions.remove')}
            </Button>
          </div>
        </div>
      ))}
      <Button size="small" icon="plus" onClick={() => onChange([...actions, emptyAction()])}>
        {t('servers.form.actions.add')}
      </Button>
    </Fieldset>
  );
}
