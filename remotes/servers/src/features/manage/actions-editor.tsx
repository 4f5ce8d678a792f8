import type { ServerAction } from '@outpost/contracts';
import { emptyAction, type FieldErrors } from './form-values';
import { ListInput } from './list-input';

interface Props {
  actions: ServerAction[];
  onChange: (actions: ServerAction[]) => void;
  /** Errors keyed 'actions.<index>.<field>'. */
  errors: FieldErrors;
}

/** Edits a list of actions: name, command, description, color, requiresFeatures, showWhen, isHidden. */
export function ActionsEditor({ actions, onChange, errors }: Props) {
  const update = (index: number, patch: Partial<ServerAction>) =>
    onChange(actions.map((action, at) => (at === index ? { ...action, ...patch } : action)));
  const error = (index: number, field: string) => errors[`actions.${index}.${field}`];
  return (
    <fieldset className="actions-editor">
      <legend>Actions</legend>
      {actions.length === 0 && <p className="muted">No actions.</p>}
      {actions.map((action, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved; the index is the row
        <div key={index} className="action-row card" aria-label={`Action ${index + 1}`} role="group">
          <label>
            Name <input value={action.name} onChange={(event) => update(index, { name: event.target.value })} />
          </label>
          {error(index, 'name') && <p className="field-error">{error(index, 'name')}</p>}
          <label>
            Command{' '}
            <input value={action.command} onChange={(event) => update(index, { command: event.target.value })} />
          </label>
          {error(index, 'command') && <p className="field-error">{error(index, 'command')}</p>}
          <label>
            Description{' '}
            <input
              value={action.description}
              onChange={(event) => update(index, { description: event.target.value })}
            />
          </label>
          <label>
            Color <input value={action.color} onChange={(event) => update(index, { color: event.target.value })} />
          </label>
          <span className="list-field">
            Requires features{' '}
            <ListInput
              aria-label="Requires features"
              value={action.requiresFeatures}
              onChange={(requiresFeatures) => update(index, { requiresFeatures })}
            />
          </span>
          <label>
            Show when{' '}
            <select
              value={action.showWhen}
              onChange={(event) => update(index, { showWhen: event.target.value as ServerAction['showWhen'] })}
            >
              <option value="any">any</option>
              <option value="online">online</option>
              <option value="offline">offline</option>
            </select>
          </label>
          <label>
            <input
              type="checkbox"
              checked={action.isHidden}
              onChange={(event) => update(index, { isHidden: event.target.checked })}
            />{' '}
            Hidden
          </label>
          <button
            type="button"
            className="button is-small is-danger"
            onClick={() => onChange(actions.filter((_, at) => at !== index))}
          >
            Remove action
          </button>
        </div>
      ))}
      <button type="button" className="button is-small is-light" onClick={() => onChange([...actions, emptyAction()])}>
        Add action
      </button>
    </fieldset>
  );
}
