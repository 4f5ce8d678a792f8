import {
  GAMES,
  GROUP_TYPES,
  type ManagedServerGroup,
  type ServerAction,
  type ServerGroupCreate,
  serverGroupCreateSchema,
} from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { Card, Field, FormActions, Input, Select, TextArea } from '@outpost/ui';
import { type FormEvent, useState } from 'react';
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
    <Card title={group ? `Edit ${group.name}` : 'New server group'}>
      <form className="group-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Server group">
        <div className="form-fields">
          <Field label="Name" error={errors.name}>
            {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
          </Field>
          <Field label="Description" error={errors.description}>
            {(control) => (
              <TextArea {...control} value={description} onChange={(event) => setDescription(event.target.value)} />
            )}
          </Field>
          <Field label="Game" error={errors.game}>
            {(control) => (
              <Select {...control} value={game} onChange={(event) => setGame(event.target.value)}>
                {GAMES.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Type" error={errors.type} hint="docker and custom groups can create new instances">
            {(control) => (
              <Select {...control} value={type} onChange={(event) => setType(event.target.value)}>
                {GROUP_TYPES.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Template id" error={errors.templateId} hint="Set to offer 'Create New Instance'">
            {(control) => (
              <Input {...control} value={templateId} onChange={(event) => setTemplateId(event.target.value)} />
            )}
          </Field>
          <Field label="Docker image" error={errors['template.image']} hint="Leave empty for no container template">
            {(control) => <Input {...control} value={image} onChange={(event) => setImage(event.target.value)} />}
          </Field>
          <Field label="Environment" error={errors['template.env']} hint="One KEY=value per line">
            {(control) => <TextArea {...control} value={env} onChange={(event) => setEnv(event.target.value)} />}
          </Field>
          <Field
            label="Ports"
            error={Object.entries(errors).find(([key]) => key.startsWith('template.ports'))?.[1]}
            hint="e.g. 27015/udp, 27015/tcp (the first is the game port)"
          >
            {(control) => <Input {...control} value={ports} onChange={(event) => setPorts(event.target.value)} />}
          </Field>
          <Field label="Tags" error={errors.tags} hint="Comma-separated">
            {(control) => <ListInput {...control} value={tags} onChange={setTags} />}
          </Field>
        </div>
        <ActionsEditor actions={actions} onChange={setActions} errors={errors} />
        <FormActions submitLabel={group ? 'Save group' : 'Create group'} busy={saving} onCancel={onCancel} />
      </form>
    </Card>
  );
}
