import { type PanelRole, panelRolesResponseSchema } from '@outpost/contracts';
import { useHost, useLoad, useT } from '@outpost/host';
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
  const t = useT();
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
    <section className="panel-section" aria-label={t('panel.dashboard.roles')}>
      <Toolbar
        actions={
          <Button variant="primary" icon="plus" onClick={() => setDialog({ kind: 'new' })}>
            {t('panel.dashboard.roles.new')}
          </Button>
        }
      >
        <p className="muted">{t('panel.dashboard.roles.description')}</p>
      </Toolbar>
      <LoadState state={state} what={t('panel.dashboard.roles.what')} onRetry={reload}>
        {({ roles }) => (
          <Table
            caption={t('panel.dashboard.roles')}
            rows={roles}
            rowKey={(role) => role.id}
            empty={t('panel.dashboard.roles.empty')}
            columns={[
              {
                key: 'name',
                label: t('panel.dashboard.roles.column.name'),
                render: (role) => <strong>{role.name}</strong>,
                phone: 'primary',
                sortValue: (role) => role.name,
              },
              {
                key: 'immunity',
                label: t('panel.dashboard.roles.column.immunity'),
                render: (role) => role.immunityLevel,
                sortValue: (role) => role.immunityLevel,
              },
              {
                key: 'flags',
                label: t('panel.dashboard.roles.column.flags'),
                render: (role) =>
                  role.flags ? (
                    <code>{role.flags}</code>
                  ) : (
                    <span className="muted">{t('panel.dashboard.roles.none')}</span>
                  ),
              },
              {
                key: 'codes',
                label: t('panel.dashboard.roles.column.permissions'),
                render: (role) =>
                  role.codes.length === 0 ? (
                    <span className="muted">{t('panel.dashboard.roles.none')}</span>
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
                label: t('panel.dashboard.roles.column.holders'),
                render: (role) => (
                  <LinkButton onClick={() => setDialog({ kind: 'holders', role })}>
                    {t('panel.dashboard.roles.holders', { count: role.holders })}
                    <span className="visually-hidden">
                      {' '}
                      {t('panel.dashboard.roles.holders.manage', { count: role.holders, name: role.name })}
                    </span>
                  </LinkButton>
                ),
                sortValue: (role) => role.holders,
              },
              {
                key: 'actions',
                label: t('panel.dashboard.roles.column.actions'),
                render: (role) => (
                  <span className="actions">
                    <LinkButton onClick={() => setDialog({ kind: 'edit', role })}>
                      <Icon name="edit" /> {t('panel.dashboard.roles.edit')}
                      <span className="visually-hidden"> {role.name}</span>
                    </LinkButton>
                    <LinkButton danger onClick={() => setDialog({ kind: 'delete', role })}>
                      <Icon name="delete" /> {t('panel.dashboard.roles.delete')}
                      <span className="visually-hidden"> {role.name}</span>
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
  const t = useT();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (role.holders > 0 && !target) {
      setError(t('panel.dashboard.roles.delete.pick'));
      return;
    }
    const query = target ? `?reassignTo=${encodeURIComponent(target)}` : '';
    const result = await change(host, 'DELETE', `/api/panel/roles/${encodeURIComponent(role.id)}${query}`, undefined);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    host.notify({ level: 'success', message: t('panel.dashboard.roles.deleted', { name: role.name }) });
    onDeleted();
  };
  return (
    <ConfirmDialog
      title={t('panel.dashboard.roles.delete.title', { name: role.name })}
      confirmLabel={t('panel.dashboard.roles.delete.confirm')}
      danger
      onConfirm={confirm}
      onCancel={onClose}
    >
      {role.holders === 0 ? (
        <p>{t('panel.dashboard.roles.delete.unheld')}</p>
      ) : (
        <>
          <p>{t('panel.dashboard.roles.delete.held', { count: role.holders })}</p>
          <Field label={t('panel.dashboard.roles.delete.moveTo')} error={error}>
            {(control) => (
              <Select {...control} value={target} onChange={(event) => setTarget(event.target.value)}>
                <option value="">{t('panel.dashboard.roles.choose')}</option>
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
