import {
  GAMES,
  GROUP_TYPES,
  type ManagedServerGroup,
  type ServerAction,
  type ServerGroupCreate,
  serverGroupCreateSchema,
} from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { type FormEvent, useState } from 'react';
import { Field } from '../../lib/field';
import { ActionsEditor } from './actions-editor';
import { type FieldErrors, formatEnv, formatPorts, parseEnv, parsePorts, validate } from './form-values';
import { ListInput } from './list-input';
import { managementApi } from './management-api';

interface Props {
  /** Edit this group; create a new one when absent. */
  group?: ManagedServerGroup;
  onSaved: (group: ManagedServerGroup) => void;
  onCancel: () => void;
}

/** Create or edit a server group, validated with the API's schema before it is sent. */
export function GroupForm({ group, onSaved, onCancel }: Props) {
  const host = useHost();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [game, setGame] = useState<string>(group?.game ?? 'l4d2');
  const [type, setType] = useState<string>(group?.type ?? 'others');
  const [templateId, setTemplateId] = useState(group?.templateId ?? '');
  const [image, setImage] = useState(group?.template?.image ?? '');
  const [env, setEnv] = useState(formatEnv(group?.template?.env ?? {}));
  const [ports, setPorts] = useState(formatPorts(group?.template?.ports ?? []));
  const [tags, setTags] = useState<string[]>(group?.tags ?? []);
  const [actions, setActions] = useState<ServerAction[]>(group?.actions ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      description,
      game,
      type,
      templateId: templateId.trim() || null,
      template: image.trim() ? { image, env: parseEnv(env), ports: parsePorts(ports) } : null,
      tags,
      actions,
    };
    const found = validate(serverGroupCreateSchema, input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const valid = input as ServerGroupCreate;
    const saved = group
      ? await managementApi.patchGroup(host, group.id, valid)
      : await managementApi.createGroup(host, valid);
    setSaving(false);
    if (saved) {
      host.notify({ level: 'success', message: group ? `Saved ${saved.name}` : `Created ${saved.name}` });
      onSaved(saved);
    }
  };

  return (
    <form className="card group-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Server group">
      <h3>{group ? `Edit ${group.name}` : 'New server group'}</h3>
      <div className="form-grid">
        <Field label="Name" error={errors.name}>
          {(id) => <input id={id} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        <Field label="Description" error={errors.description}>
          {(id) => <textarea id={id} value={description} onChange={(event) => setDescription(event.target.value)} />}
        </Field>
        <Field label="Game" error={errors.game}>
          {(id) => (
            <select id={id} value={game} onChange={(event) => setGame(event.target.value)}>
              {GAMES.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Type" error={errors.type} hint="docker and custom groups can create new instances">
          {(id) => (
            <select id={id} value={type} onChange={(event) => setType(event.target.value)}>
              {GROUP_TYPES.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Template id" error={errors.templateId} hint="Set to offer 'Create New Instance'">
          {(id) => <input id={id} value={templateId} onChange={(event) => setTemplateId(event.target.value)} />}
        </Field>
        <Field label="Docker image" error={errors['template.image']} hint="Leave empty for no container template">
          {(id) => <input id={id} value={image} onChange={(event) => setImage(event.target.value)} />}
        </Field>
        <Field label="Environment" error={errors['template.env']} hint="One KEY=value per line">
          {(id) => <textarea id={id} value={env} onChange={(event) => setEnv(event.target.value)} />}
        </Field>
        <Field
          label="Ports"
          error={Object.entries(errors).find(([key]) => key.startsWith('template.ports'))?.[1]}
          hint="e.g. 27015/udp, 27015/tcp (the first is the game port)"
        >
          {(id) => <input id={id} value={ports} onChange={(event) => setPorts(event.target.value)} />}
        </Field>
        <Field label="Tags" error={errors.tags} hint="Comma-separated">
          {(id) => <ListInput id={id} value={tags} onChange={setTags} />}
        </Field>
      </div>
      <ActionsEditor actions={actions} onChange={setActions} errors={errors} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {group ? 'Save group' : 'Create group'}
        </button>
        <button type="button" className="button is-light" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
