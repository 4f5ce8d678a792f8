import {
  type ManagedServer,
  type ServerAction,
  type ServerCreate,
  type ServerGroupSummary,
  serverCreateSchema,
} from '@outpost/contracts';
import { useHost, useT } from '@outpost/host';
import { Card, Field, FormActions, Input, Select } from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { ActionsEditor } from './actions-editor';
import { type FieldErrors, optionalNumber, validate } from './form-values';
import { ListInput } from './list-input';
import { managementApi } from './management-api';
import { RconPasswordInput } from './rcon-password-input';

interface Props {
  groups: Pick<ServerGroupSummary, 'id' | 'name'>[];
  /** Edit this server; add a new one when absent. */
  server?: ManagedServer;
  groupId?: string;
  onSaved: (server: ManagedServer) => void;
  onCancel: () => void;
}

/** Add or edit a server. The RCON password is write-only: never shown, only replaced or cleared. */
export function ServerForm({ groups, server, groupId, onSaved, onCancel }: Props) {
  const t = useT();
  const host = useHost();
  const [values, setValues] = useState({
    groupId: server?.groupId ?? groupId ?? groups[0]?.id ?? '',
    name: server?.name ?? '',
    host: server?.host ?? '',
    ip: server?.ip ?? '',
    port: server ? String(server.port) : '',
    queryPort: server?.queryPort ? String(server.queryPort) : '',
    rconPort: server?.rconPort ? String(server.rconPort) : '',
  });
  const [password, setPassword] = useState<string | null | undefined>(undefined);
  const [tags, setTags] = useState<string[]>(server?.tags ?? []);
  const [features, setFeatures] = useState<string[]>(server?.features ?? []);
  const [actions, setActions] = useState<ServerAction[]>(server?.ownActions ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...values,
      port: values.port.trim() === '' ? Number.NaN : Number(values.port),
      queryPort: optionalNumber(values.queryPort),
      rconPort: optionalNumber(values.rconPort),
      // undefined keeps the stored password; null clears it.
      ...(password !== undefined && { rconPassword: password }),
      tags,
      features,
      actions,
    };
    const found = validate(serverCreateSchema, input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const valid = input as ServerCreate;
    const saved = server
      ? await managementApi.patchServer(host, server.id, valid)
      : await managementApi.createServer(host, valid);
    setSaving(false);
    if (saved) {
      host.notify({
        level: 'success',
        message: t(server ? 'servers.common.saved' : 'servers.form.server.added', { name: saved.name }),
      });
      onSaved(saved);
    }
  };

  const text = (key: keyof typeof values, label: string, hint?: string) => (
    <Field label={label} error={errors[key]} hint={hint}>
      {(control) => <Input {...control} value={values[key]} onChange={set(key)} />}
    </Field>
  );

  return (
    <Card title={server ? t('servers.common.edit', { name: server.name }) : t('servers.form.server.new')}>
      <form
        className="server-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={t('servers.form.server.aria')}
      >
        <div className="form-fields">
          <Field label={t('servers.common.group')} error={errors.groupId}>
            {(control) => (
              <Select {...control} value={values.groupId} onChange={set('groupId')}>
                {groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {text('name', t('servers.common.name'))}
          {text('host', t('servers.form.server.host'), t('servers.form.server.hostHint'))}
          {text('ip', t('servers.form.server.ip'), t('servers.form.server.ipHint'))}
          {text('port', t('servers.form.server.port'))}
          {text('queryPort', t('servers.form.server.queryPort'), t('servers.form.server.portHint'))}
          {text('rconPort', t('servers.form.server.rconPort'), t('servers.form.server.portHint'))}
          <Field label={t('servers.form.server.rconPassword')} error={errors.rconPassword}>
            {(control) => (
              <RconPasswordInput
                {...control}
                stored={server?.hasRconPassword ?? false}
                value={password}
                onChange={setPassword}
              />
            )}
          </Field>
          <Field label={t('servers.common.tags')} error={errors.tags} hint={t('servers.form.server.tagsHint')}>
            {(control) => <ListInput {...control} value={tags} onChange={setTags} />}
          </Field>
          <Field
            label={t('servers.form.server.features')}
            error={errors.features}
            hint={t('servers.form.server.featuresHint')}
          >
            {(control) => <ListInput {...control} value={features} onChange={setFeatures} />}
          </Field>
        </div>
        <ActionsEditor actions={actions} onChange={setActions} errors={errors} />
        <FormActions
          submitLabel={t(server ? 'servers.form.server.save' : 'servers.form.server.add')}
          busy={saving}
          onCancel={onCancel}
        />
      </form>
    </Card>
  );
}
