import { rolesListResponseSchema } from '@outpost/contracts';
import { type Schema, useHost, useLoad, useT } from '@outpost/host';
import { Button, Callout, Card, EmptyState, Icon, LinkButton, LoadState, Select } from '@outpost/ui';
import { type ReactNode, useState } from 'react';
import { change } from './panel-api';

// The parts the game-admin editors (game-admin-editors.tsx) share: an editable list saved whole,
// its loader, and the role pickers.

export type Role = { id: string; name: string };

/**
 * One list the API replaces as a whole (PUT): rows edited in place, added and removed, then
 * saved together. The contract's schema checks the list before it is sent.
 */
export function ListEditor<Row, Body>({
  title,
  saveLabel,
  savedMessage,
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
  /** The save button's words ("Save in-game admins"). */
  saveLabel: string;
  /** The toast once saved ("In-game admins saved"). */
  savedMessage: string;
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
  const t = useT();
  const [rows, setRows] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const body = toBody(rows);
    const checked = schema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error?.issues[0];
      const message = issue?.message ?? t('panel.dashboard.secret.notValid');
      setError(
        typeof issue?.path[1] === 'number'
          ? t('panel.dashboard.list.rowError', { message, row: issue.path[1] + 1, field: String(issue.path[2] ?? '') })
          : message,
      );
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
    host.notify({ level: 'success', message: savedMessage });
    onSaved();
  };
  return (
    <Card title={title} description={description}>
      {rows.length === 0 ? (
        <EmptyState>{t('panel.dashboard.list.empty')}</EmptyState>
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
                  <LinkButton danger onClick={() => setRows(rows.filter((_, at) => at !== index))}>
                    <Icon name="delete" label={t('panel.dashboard.list.removeRow', { row: index + 1 })} />
                  </LinkButton>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {error && (
        <Callout tone="danger" role="alert">
          {error}
        </Callout>
      )}
      {editable && (
        <div className="form-actions">
          <Button icon="plus" onClick={() => setRows([...rows, blank()])}>
            {t('panel.dashboard.list.add')}
          </Button>
          <Button variant="primary" icon="save" busy={busy} onClick={() => void save()}>
            {saveLabel}
          </Button>
        </div>
      )}
    </Card>
  );
}

export function Loaded<T>({
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

export const cell = (label: string, control: ReactNode) => (
  <span>
    <span className="cell-label">{label}</span>
    {control}
  </span>
);

export function RoleSelect({
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
    <Select aria-label={label} disabled={!editable} value={value} onChange={(event) => onChange(event.target.value)}>
      {roles.map((role) => (
        <option key={role.id} value={role.id}>
          {role.name}
        </option>
      ))}
    </Select>
  );
}

/** The roles (SourceMod groups) to pick from: /api/roles needs users.edit-privileges; readers see none. */
export function RolesLoaded({ editable, children }: { editable: boolean; children(roles: Role[]): ReactNode }) {
  const t = useT();
  const { state, reload } = useLoad(editable ? '/api/roles' : null, rolesListResponseSchema);
  if (!editable) return <>{children([])}</>;
  return (
    <LoadState state={state} what={t('panel.dashboard.roles.what')} onRetry={reload}>
      {(roles) => children(roles)}
    </LoadState>
  );
}
