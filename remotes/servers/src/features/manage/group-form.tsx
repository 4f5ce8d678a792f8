import {
  GAMES,
  GROUP_TYPES,
  type ManagedServerGroup,
  type ServerAction,
  type ServerGroupCreate,
  serverGroupCreateSchema,
} from '@outpost/contracts';
import { useHost, useT } from '@outpost/host';
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
  const t = useT();
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
      host.notify({
        level: 'success',
        message: t(group ? 'servers.common.saved' : 'servers.form.group.created', { name: saved.name }),
      });
      onSaved(saved);
    }
  };

  return (
    <Card title={group ? t('servers.common.edit', { name: group.name }) : t('servers.form.group.new')}>
      <form
        className="group-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={t('servers.form.group.aria')}
      >
        <div className="form-fields">
          <Field label={t('servers.common.name')} error={errors.name}>
            {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
          </Field>
          <Field label={t('servers.common.description')} error={errors.description}>
            {(control) => (
              <TextArea {...control} value={description} onChange={(event) => setDescription(event.target.value)} />
            )}
          </Field>
          <Field label={t('servers.common.game')} error={errors.game}>
            {(control) => (
              <Select {...control} value={game} onChange={(event) => setGame(event.target.value)}>
                {GAMES.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('servers.common.type')} error={errors.type} hint={t('servers.form.group.typeHint')}>
            {(control) => (
              <Select {...control} value={type} onChange={(event) => setType(event.target.value)}>
                {GROUP_TYPES.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('servers.form.group.templateId')}
            error={errors.templateId}
            hint={t('servers.form.group.templateIdHint')}
          >
            {(control) => (
              <Input {...control} value={templateId} onChange={(event) => setTemplateId(event.target.value)} />
            )}
          </Field>
          <Field
            label={t('servers.form.group.image')}
            error={errors['template.image']}
            hint={t('servers.form.group.imageHint')}
          >
            {(control) => <Input {...control} value={image} onChange={(event) => setImage(event.target.value)} />}
          </Field>
          <Field
            label={t('servers.form.group.env')}
            error={errors['template.env']}
            hint={t('servers.form.group.envHint')}
          >
            {(control) => <TextArea {...control} value={env} onChange={(event) => setEnv(event.target.value)} />}
          </Field>
          <Field
            label={t('servers.form.group.ports')}
            error={Object.entries(errors).find(([key]) => key.startsWith('template.ports'))?.[1]}
            hint={t('servers.form.group.portsHint')}
          >
            {(control) => <Input {...control} value={ports} onChange={(event) => setPorts(event.target.value)} />}
          </Field>
          <Field label={t('servers.common.tags')} error={errors.tags} hint={t('servers.form.group.tagsHint')}>
            {(control) => <ListInput {...control} value={tags} onChange={setTags} />}
          </Field>
        </div>
        <ActionsEditor actions={actions} onChange={setActions} errors={errors} />
        <FormActions
          submitLabel={t(group ? 'servers.form.group.save' : 'servers.form.group.create')}
          busy={saving}
          onCancel={onCancel}
        />
      </form>
    </Card>
  );
}
