import { type PanelRole, panelRolesResponseSchema } from '@outpost/contracts';
import { useHost, useLoad } from '@outpost/host';
import {
  Button,
  Callout,
  ConfirmDialog,
  Field,
  Icon,
  LinkButton,
  LoadState,
  Select,
  Table,
  Tag,
  Toolbar,
} from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';
import { RoleEditor } from './role-editor';
import { RoleHolders } from './role-holders';

type Dialog =
  | { kind: 'new' }
  | { kind: 'edit'; role: PanelRole }
  | { kind: 'holders'; role: PanelRole }
  | { kind: 'delete'; role: PanelRole };

/** The Roles tab: every role with its flags, immunity, permissions and holders. */
export function RolesTab() {
  const { state, reload } = useLoad('/api/panel/roles', panelRolesResponseSchema);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const saved = () => {
    setDialog(null);
    reload();
  };
  return (
    // The hero above says "Roles" (the page's one title): no second heading repeats it; the
    // toolbar carries the description and the action, as on every other panel page.
    <section className="panel-section" aria-label="Roles">
      <Toolbar
        actions={
          <Button variant="primary" icon="plus" onClick={() => setDialog({ kind: 'new' })}>
            New role
          </Button>
        }
      >
        <p className="muted">
          Each role is a set of permissions (and in-game flags); give it to users to let them act.
        </p>
      </Toolbar>
      <LoadState state={state} what="the roles" onRetry={reload}>
        {({ roles }) => (
          <Table
            caption="Roles"
            rows={roles}
            rowKey={(role) => role.id}
            empty="No roles yet: create one, then give it to users."
            columns={[
              {
                key: 'name',
                label: 'Name',
                render: (role) => <strong>{role.name}</strong>,
                phone: 'primary',
                sortValue: (role) => role.name,
              },
              {
                key: 'immunity',
                label: 'Immunity',
                render: (role) => role.immunityLevel,
                sortValue: (role) => role.immunityLevel,
              },
              {
                key: 'flags',
                label: 'Flags',
                render: (role) => (role.flags ? <code>{role.flags}</code> : <span className="muted">none</span>),
              },
              {
                key: 'codes',
                label: 'Permissions',
                render: (role) =>
                  role.codes.length === 0 ? (
                    <span className="muted">none</span>
                  ) : (
                    <ul className="tag-list">
                      {role.codes.map((code) => (
                        <li key={code}>
                          <Tag tone="neutral">{code}</Tag>
                        </li>
                      ))}
                    </ul>
                  ),
              },
              {
                key: 'holders',
                label: 'Holders',
                render: (role) => (
                  <LinkButton onClick={() => setDialog({ kind: 'holders', role })}>
                    {role.holders} {role.holders === 1 ? 'user' : 'users'}
                    <span className="visually-hidden"> hold {role.name}: manage</span>
                  </LinkButton>
                ),
                sortValue: (role) => role.holders,
              },
              {
                key: 'actions',
                label: 'Actions',
                render: (role) => (
                  <span className="actions">
                    <LinkButton onClick={() => setDialog({ kind: 'edit', role })}>
                      <Icon name="edit" /> Edit<span className="visually-hidden"> {role.name}</span>
                    </LinkButton>
                    <LinkButton danger onClick={() => setDialog({ kind: 'delete', role })}>
                      <Icon name="delete" /> Delete<span className="visually-hidden"> {role.name}</span>
                    </LinkButton>
                  </span>
                ),
              },
            ]}
          />
        )}
      </LoadState>
      {dialog?.kind === 'new' && <RoleEditor editing={null} onClose={close} onSaved={saved} />}
      {dialog?.kind === 'edit' && <RoleEditor editing={dialog.role} onClose={close} onSaved={saved} />}
      {dialog?.kind === 'holders' && <RoleHolders target={dialog.role} onClose={saved} />}
      {dialog?.kind === 'delete' && state.status === 'ready' && (
        <DeleteRole
          target={dialog.role}
          others={state.data.roles.filter((r) => r.id !== dialog.role.id)}
          onClose={close}
          onDeleted={saved}
        />
      )}
    </section>
  );
}

/** Deleting a held role needs a role to move its holders to (the API refuses otherwise). */
function DeleteRole({
  target: role,
  others,
  onClose,
  onDeleted,
}: {
  target: PanelRole;
  others: PanelRole[];
  onClose(): void;
  onDeleted(): void;
}) {
  const host = useHost();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (role.holders > 0 && !target) {
      setError('Pick the role its holders move to');
      return;
    }
    const query = target ? `?reassignTo=${encodeURIComponent(target)}` : '';
    const result = await change(host, 'DELETE', `/api/panel/roles/${encodeURIComponent(role.id)}${query}`, undefined);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    host.notify({ level: 'success', message: `Role "${role.name}" deleted` });
    onDeleted();
  };
  return (
    <ConfirmDialog
      title={`Delete role ${role.name}?`}
      confirmLabel="Delete role"
      danger
      onConfirm={confirm}
      onCancel={onClose}
    >
      {role.holders === 0 ? (
        <p>Nobody holds this role. It is deleted for good.</p>
      ) : (
        <>
          <p>
            {role.holders} {role.holders === 1 ? 'user holds' : 'users hold'} this role. Move them to another role
            first:
          </p>
          <Field label="Move holders to" error={error}>
            {(control) => (
              <Select {...control} value={target} onChange={(event) => setTarget(event.target.value)}>
                <option value="">Choose a role…</option>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </>
      )}
      {role.holders === 0 && error && (
        <Callout tone="danger" role="alert">
          {error}
        </Callout>
      )}
    </ConfirmDialog>
  );
}
