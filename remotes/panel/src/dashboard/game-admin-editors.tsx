import {
  GAME_AUTH_TYPES,
  type GameAdminIdentity,
  gameAdminIdentitiesListSchema,
  gameAdminIdentitiesSchema,
  gameGroupImmunitiesSchema,
  gameOverridesResponseSchema,
  gameOverridesUpdateSchema,
  rolesListResponseSchema,
} from '@outpost/contracts';
import { type Schema, useHost, useLoad } from '@outpost/host';
import { EmptyState, Icon, LoadState } from '@outpost/ui';
import { type ReactNode, useState } from 'react';
import { change } from './panel-api';

type Role = { id: string; name: string };

/**
 * One list the API replaces as a whole (PUT): rows edited in place, added and removed, then
 * saved together. The contract's schema checks the list before it is sent.
 */
function ListEditor<Row, Body>({
  title,
  description,
  rows: initial,
  editable,
  blank,
  toBody,
  schema,
  path,
  header,
  renderRow,
  onSaved,
}: {
  title: string;
  description: ReactNode;
  rows: Row[];
  editable: boolean;
  blank(): Row;
  toBody(rows: Row[]): Body;
  schema: {
    safeParse(value: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
  };
  path: string;
  header: string[];
  renderRow(row: Row, update: (row: Row) => void, index: number): ReactNode;
  onSaved(): void;
}) {
  const host = useHost();
  const [rows, setRows] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = title.toLowerCase().replace(/[^a-z]+/g, '-');
  const save = async () => {
    const body = toBody(rows);
    const checked = schema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error?.issues[0];
      const row =
        typeof issue?.path[1] === 'number' ? ` (row ${issue.path[1] + 1}, ${String(issue.path[2] ?? '')})` : '';
      setError(`${issue?.message ?? 'Not valid'}${row}`);
      return;
    }
    setBusy(true);
    const result = await change(host, 'PUT', path, body);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    host.notify({ level: 'success', message: `${title} saved` });
    onSaved();
  };
  return (
    <section className="panel-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="muted">{description}</p>
      {rows.length === 0 ? (
        <EmptyState>None yet.</EmptyState>
      ) : (
        <ol className="list-editor" aria-label={title}>
          <li className="list-editor-row is-head" aria-hidden="true">
            {header.map((label) => (
              <span key={label}>{label}</span>
            ))}
            {editable && <span />}
          </li>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is the identity
            <li className="list-editor-row" key={index}>
              {renderRow(row, (next) => setRows(rows.map((old, at) => (at === index ? next : old))), index)}
              {editable && (
                <span>
                  <button
                    type="button"
                    className="link-button is-danger"
                    onClick={() => setRows(rows.filter((_, at) => at !== index))}
                  >
                    <Icon name="delete" label={`Remove row ${index + 1}`} />
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {editable && (
        <div className="form-actions">
          <button type="button" className="button is-light" onClick={() => setRows([...rows, blank()])}>
            <Icon name="plus" /> Add
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => void save()}>
            <Icon name="save" /> Save {title.toLowerCase()}
          </button>
        </div>
      )}
    </section>
  );
}

function Loaded<T>({
  path,
  schema,
  what,
  children,
}: {
  path: string;
  schema: Schema<T>;
  what: string;
  children(data: T, reload: () => void): ReactNode;
}) {
  const { state, reload } = useLoad(path, schema);
  return (
    <LoadState state={state} what={what} onRetry={reload}>
      {(data) => <div key={JSON.stringify(data)}>{children(data, reload)}</div>}
    </LoadState>
  );
}

const cell = (label: string, control: ReactNode) => (
  <span>
    <span className="cell-label">{label}</span>
    {control}
  </span>
);

/** In-game admins without an Outpost account: by Steam id, IP or name. */
export function AdminIdentitiesEditor({ editable }: { editable: boolean }) {
  return (
    <Loaded path="/api/game-admin-identities" schema={gameAdminIdentitiesListSchema} what="the in-game admins">
      {({ admins }, reload) => (
        <RolesLoaded editable={editable}>
          {(roles) => (
            <ListEditor<GameAdminIdentity, { admins: GameAdminIdentity[] }>
              title="In-game admins"
              description="Admins who have no Outpost account, identified by Steam id, IP address or exact name."
              rows={admins}
              editable={editable}
              blank={() => ({ authType: 'steam', identity: '', name: '', flags: '', immunity: 0, roleIds: [] })}
              toBody={(rows) => ({ admins: rows })}
              schema={gameAdminIdentitiesSchema}
              path="/api/game-admin-identities"
              header={['By', 'Identity', 'Name', 'Flags', 'Immunity', 'Groups']}
              onSaved={reload}
              renderRow={(row, update) => (
                <>
                  {cell(
                    'By',
                    <select
                      className="input"
                      aria-label="Identified by"
                      disabled={!editable}
                      value={row.authType}
                      onChange={(event) =>
                        update({ ...row, authType: event.target.value as GameAdminIdentity['authType'] })
                      }
                    >
                      {GAME_AUTH_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {type}
                        </option>
                      ))}
                    </select>,
                  )}
                  {cell(
                    'Identity',
                    <input
                      className="input"
                      aria-label="Identity"
                      disabled={!editable}
                      value={row.identity}
                      onChange={(event) => update({ ...row, identity: event.target.value })}
                    />,
                  )}
                  {cell(
                    'Name',
                    <input
                      className="input"
                      aria-label="Name"
                      disabled={!editable}
                      value={row.name}
                      onChange={(event) => update({ ...row, name: event.target.value })}
                    />,
                  )}
                  {cell(
                    'Flags',
                    <input
                      className="input"
                      aria-label="Flags"
                      disabled={!editable}
                      value={row.flags}
                      onChange={(event) => update({ ...row, flags: event.target.value.trim() })}
                    />,
                  )}
                  {cell(
                    'Immunity',
                    <input
                      className="input"
                      aria-label="Immunity"
                      inputMode="numeric"
                      disabled={!editable}
                      value={String(row.immunity)}
                      onChange={(event) => update({ ...row, immunity: Number(event.target.value) })}
                    />,
                  )}
                  {cell(
                    'Groups',
                    <select
                      className="input"
                      aria-label="Groups"
                      multiple
                      disabled={!editable}
                      value={row.roleIds}
                      onChange={(event) =>
                        update({ ...row, roleIds: [...event.target.selectedOptions].map((option) => option.value) })
                      }
                    >
                      {roles.map((role) => (
                        <option key={role.id} value={role.id}>
                          {role.name}
                        </option>
                      ))}
                    </select>,
                  )}
                </>
              )}
            />
          )}
        </RolesLoaded>
      )}
    </Loaded>
  );
}

type Override = { type: 'command' | 'group'; name: string; flags: string };

/** Which flags a command (or command group) needs in game. */
export function CommandOverridesEditor({ editable }: { editable: boolean }) {
  return (
    <Loaded path="/api/game-overrides" schema={gameOverridesResponseSchema} what="the command overrides">
      {({ overrides }, reload) => (
        <ListEditor<Override, { overrides: Override[] }>
          title="Command overrides"
          description="Change the flags a command needs, e.g. sm_map needs g."
          rows={overrides}
          editable={editable}
          blank={() => ({ type: 'command', name: '', flags: '' })}
          toBody={(rows) => ({ overrides: rows })}
          schema={gameOverridesUpdateSchema}
          path="/api/game-overrides"
          header={['Type', 'Command', 'Flags']}
          onSaved={reload}
          renderRow={(row, update) => (
            <>
              {cell(
                'Type',
                <select
                  className="input"
                  aria-label="Type"
                  disabled={!editable}
                  value={row.type}
                  onChange={(event) => update({ ...row, type: event.target.value as Override['type'] })}
                >
                  <option value="command">command</option>
                  <option value="group">group</option>
                </select>,
              )}
              {cell(
                'Command',
                <input
                  className="input"
                  aria-label="Command"
                  disabled={!editable}
                  value={row.name}
                  onChange={(event) => update({ ...row, name: event.target.value.trim() })}
                />,
              )}
              {cell(
                'Flags',
                <input
                  className="input"
                  aria-label="Flags"
                  disabled={!editable}
                  value={row.flags}
                  onChange={(event) => update({ ...row, flags: event.target.value.trim() })}
                />,
              )}
            </>
          )}
        />
      )}
    </Loaded>
  );
}

type Immunity = { roleId: string; immuneFromRoleId: string };

/** Group-vs-group immunity: members of one role are immune to admins of another. */
export function GroupImmunitiesEditor({ editable }: { editable: boolean }) {
  return (
    <Loaded path="/api/game-group-immunities" schema={gameGroupImmunitiesSchema} what="the group immunities">
      {({ immunities }, reload) => (
        <RolesLoaded editable={editable}>
          {(roles) => (
            <ListEditor<Immunity, { immunities: Immunity[] }>
              title="Group immunities"
              description="Members of the first group cannot be targeted by admins of the second."
              rows={immunities}
              editable={editable}
              blank={() => ({ roleId: roles[0]?.id ?? '', immuneFromRoleId: roles[1]?.id ?? roles[0]?.id ?? '' })}
              toBody={(rows) => ({ immunities: rows })}
              schema={gameGroupImmunitiesSchema}
              path="/api/game-group-immunities"
              header={['Group', 'Immune from']}
              onSaved={reload}
              renderRow={(row, update) => (
                <>
                  {cell(
                    'Group',
                    <RoleSelect
                      label="Group"
                      roles={roles}
                      editable={editable}
                      value={row.roleId}
                      onChange={(roleId) => update({ ...row, roleId })}
                    />,
                  )}
                  {cell(
                    'Immune from',
                    <RoleSelect
                      label="Immune from"
                      roles={roles}
                      editable={editable}
                      value={row.immuneFromRoleId}
                      onChange={(immuneFromRoleId) => update({ ...row, immuneFromRoleId })}
                    />,
                  )}
                </>
              )}
            />
          )}
        </RolesLoaded>
      )}
    </Loaded>
  );
}

function RoleSelect({
  label,
  roles,
  editable,
  value,
  onChange,
}: {
  label: string;
  roles: Role[];
  editable: boolean;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <select
      className="input"
      aria-label={label}
      disabled={!editable}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {roles.map((role) => (
        <option key={role.id} value={role.id}>
          {role.name}
        </option>
      ))}
    </select>
  );
}

/** The roles (SourceMod groups) to pick from: /api/roles needs users.edit-privileges; readers see none. */
function RolesLoaded({ editable, children }: { editable: boolean; children(roles: Role[]): ReactNode }) {
  const { state, reload } = useLoad(editable ? '/api/roles' : null, rolesListResponseSchema);
  if (!editable) return <>{children([])}</>;
  return (
    <LoadState state={state} what="the roles" onRetry={reload}>
      {(roles) => children(roles)}
    </LoadState>
  );
}
