import type { ServerAction } from '@outpost/contracts';
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
  return (
    <Fieldset legend="Actions" className="actions-editor">
      {actions.length === 0 && <EmptyState>No actions.</EmptyState>}
      {actions.map((action, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved; the index is the row
        <div key={index} className="action-row" aria-label={`Action ${index + 1}`} role="group">
          {text(index, 'name', 'Name')}
          {text(index, 'command', 'Command')}
          {text(index, 'description', 'Description')}
          {text(index, 'color', 'Color', "A tone ('is-danger', 'is-warning') or a CSS colour")}
          <Field label="Requires features" error={error(index, 'requiresFeatures')}>
            {(control) => (
              <ListInput
                {...control}
                value={action.requiresFeatures}
                onChange={(requiresFeatures) => update(index, { requiresFeatures })}
              />
            )}
          </Field>
          <Field label="Show when">
            {(control) => (
              <Select
                {...control}
                value={action.showWhen}
                onChange={(event) => update(index, { showWhen: event.target.value as ServerAction['showWhen'] })}
              >
                <option value="any">any</option>
                <option value="online">online</option>
                <option value="offline">offline</option>
              </Select>
            )}
          </Field>
          <Checkbox
            label="Hidden"
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
              Remove action
            </Button>
          </div>
        </div>
      ))}
      <Button size="small" icon="plus" onClick={() => onChange([...actions, emptyAction()])}>
        Add action
      </Button>
    </Fieldset>
  );
}
