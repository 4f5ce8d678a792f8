import {
  ADMIN_FLAGS,
  codesMatchedBy,
  type PanelRole,
  PERMISSION_CATALOGUE,
  panelRoleInputSchema,
  panelRoleSchema,
} from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { Field, FormActions, Modal, Tag } from '@outpost/ui';
import { useMemo, useState } from 'react';
import { change } from './panel-api';

const CATALOGUE = Object.entries(PERMISSION_CATALOGUE) as [string, string][];
const catalogueCodes = new Set(CATALOGUE.map(([code]) => code));

/** Splits a role's patterns into catalogue codes (ticked) and free glob patterns (one per line). */
function splitPatterns(codes: readonly string[]) {
  return {
    picked: new Set(codes.filter((code) => catalogueCodes.has(code))),
    free: codes.filter((code) => !catalogueCodes.has(code)).join('\n'),
  };
}

/** Create (role null) or edit a role: name, immunity, SourceMod flags, permission codes and patterns. */
export function RoleEditor({
  editing: role,
  onClose,
  onSaved,
}: {
  editing: PanelRole | null;
  onClose(): void;
  onSaved(): void;
}) {
  const host = useHost();
  const initial = splitPatterns(role?.codes ?? []);
  const [name, setName] = useState(role?.name ?? '');
  const [immunity, setImmunity] = useState(String(role?.immunityLevel ?? 0));
  const [flags, setFlags] = useState(new Set(role?.flags ?? ''));
  const [picked, setPicked] = useState(initial.picked);
  const [free, setFree] = useState(initial.free);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const freePatterns = free
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const patterns = [...picked, ...freePatterns];
  // The live preview: which catalogue codes these patterns grant.
  const patternsKey = patterns.join('\n');
  const freeKey = freePatterns.join('\n');
  const matched = useMemo(() => codesMatchedBy(patternsKey.split('\n').filter(Boolean)), [patternsKey]);
  const freeMatches = useMemo(() => codesMatchedBy(freeKey.split('\n').filter(Boolean)), [freeKey]);

  const toggle = <T,>(set: Set<T>, value: T, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  };

  const save = async () => {
    const body = {
      name,
      immunityLevel: immunity.trim() === '' ? Number.NaN : Number(immunity),
      flags: [...flags].sort().join(''),
      codes: patterns,
    };
    const checked = panelRoleInputSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        found[key] ??= key === 'immunityLevel' ? 'A whole number from 0 to 100' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = role
      ? await change(host, 'PATCH', `/api/panel/roles/${encodeURIComponent(role.id)}`, checked.data, panelRoleSchema)
      : await change(host, 'POST', '/api/panel/roles', checked.data, panelRoleSchema);
    setBusy(false);
    if (!result.ok) {
      setErrors(result.code === 'ROLE_NAME_TAKEN' ? { name: result.message } : { form: result.message });
      return;
    }
    host.notify({
      level: 'success',
      message: role ? `Role "${checked.data.name}" saved` : `Role "${checked.data.name}" created`,
    });
    onSaved();
  };

  return (
    <Modal title={role ? `Edit role ${role.name}` : 'New role'} onClose={onClose} width="min(56rem, 100%)">
      <form
        className="panel-form role-editor"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="panel-grid">
          <Field label="Name" error={errors.name}>
            {(control) => (
              <input
                {...control}
                className="input"
                maxLength={64}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          <Field
            label="Immunity (0 to 100)"
            error={errors.immunityLevel}
            hint="Nobody acts on someone of higher immunity."
          >
            {(control) => (
              <input
                {...control}
                className="input"
                inputMode="numeric"
                value={immunity}
                onChange={(event) => setImmunity(event.target.value)}
              />
            )}
          </Field>
        </div>

        <fieldset className="panel-fieldset">
          <legend>SourceMod admin flags</legend>
          <div className="check-grid">
            {Object.entries(ADMIN_FLAGS).map(([letter, label]) => (
              <label key={letter} className="checkbox">
                <input
                  type="checkbox"
                  checked={flags.has(letter)}
                  onChange={(event) => setFlags(toggle(flags, letter, event.target.checked))}
                />
                <code>{letter}</code> {label}
              </label>
            ))}
          </div>
          {errors.flags && (
            <p className="field-error" role="alert">
              {errors.flags}
            </p>
          )}
        </fieldset>

        <fieldset className="panel-fieldset">
          <legend>Permissions</legend>
          <div className="check-list">
            {CATALOGUE.map(([code, description]) => (
              <label key={code} className="checkbox">
                <input
                  type="checkbox"
                  checked={picked.has(code)}
                  onChange={(event) => setPicked(toggle(picked, code, event.target.checked))}
                />
                <code>{code}</code> <span className="muted">{description}</span>
              </label>
            ))}
          </div>
          <Field
            label="Glob patterns (one per line)"
            error={errors.codes}
            hint="For example bans.* or {notes,logs}.view*. '*' grants everything."
          >
            {(control) => (
              <textarea
                {...control}
                className="input"
                rows={3}
                spellCheck={false}
                value={free}
                onChange={(event) => setFree(event.target.value)}
              />
            )}
          </Field>
          {freePatterns.length > 0 && (
            <p className="muted" aria-live="polite">
              The patterns match{' '}
              {freeMatches.length === 0 ? 'no code in the catalogue' : `${freeMatches.length} code(s)`}.
            </p>
          )}
          <div className="matches" aria-live="polite" data-testid="role-matches">
            <p>
              <strong>Matches these codes</strong> ({matched.length})
            </p>
            {matched.length === 0 ? (
              <p className="muted">None yet.</p>
            ) : (
              <ul className="tag-list">
                {matched.map((code) => (
                  <li key={code}>
                    <Tag tone="light">{code}</Tag>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </fieldset>

        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
        <FormActions submitLabel={role ? 'Save role' : 'Create role'} busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
