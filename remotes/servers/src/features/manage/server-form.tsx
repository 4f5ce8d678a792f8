import {
  type ManagedServer,
  type ServerAction,
  type ServerCreate,
  type ServerGroupSummary,
  serverCreateSchema,
} from '@outpost/contracts';
import { useHost } from '@outpost/host';
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
      host.notify({ level: 'success', message: server ? `Saved ${saved.name}` : `Added ${saved.name}` });
      onSaved(saved);
    }
  };

  const text = (key: keyof typeof values, label: string, hint?: string) => (
    <Field label={label} error={errors[key]} hint={hint}>
      {(control) => <Input {...control} value={values[key]} onChange={set(key)} />}
    </Field>
  );

  return (
    <Card title={server ? `Edit ${server.name}` : 'Add a server'}>
      <form className="server-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Server">
        <div className="form-fields">
          <Field label="Group" error={errors.groupId}>
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
          {text('name', 'Name')}
          {text('host', 'Host', "What players connect to ('connect host:port')")}
          {text('ip', 'IP', 'The address the server is queried and controlled at')}
          {text('port', 'Port')}
          {text('queryPort', 'Query port', 'Empty: same as the port')}
          {text('rconPort', 'RCON port', 'Empty: same as the port')}
          <Field label="RCON password" error={errors.rconPassword}>
            {(control) => (
              <RconPasswordInput
                {...control}
                stored={server?.hasRconPassword ?? false}
                value={password}
                onChange={setPassword}
              />
            )}
          </Field>
          <Field label="Tags" error={errors.tags} hint="Comma-separated, e.g. 5+, customs">
            {(control) => <ListInput {...control} value={tags} onChange={setTags} />}
          </Field>
          <Field label="Features" error={errors.features} hint="Comma-separated; actions can require them">
            {(control) => <ListInput {...control} value={features} onChange={setFeatures} />}
          </Field>
        </div>
        <ActionsEditor actions={actions} onChange={setActions} errors={errors} />
        <FormActions submitLabel={server ? 'Save server' : 'Add server'} busy={saving} onCancel={onCancel} />
      </form>
    </Card>
  );
}
