import {
  ADMIN_FLAGS,
  codesMatchedBy,
  type PanelRole,
  PERMISSION_CATALOGUE,
  panelRoleInputSchema,
  panelRoleSchema,
  secondFactorPolicySchema,
  UNLIMITED_ROLE,
} from '@outpost/contracts';
import { type HostApi, SLOT, useCan, useHost, useLoad, useT, withNode } from '@outpost/host';
import { Callout, Checkbox, Field, Fieldset, FormActions, Input, Modal, Tag, TextArea } from '@outpost/ui';
import { useMemo, useState } from 'react';
import { change } from './panel-api';
import { RoleDiscordField } from './role-discord-field';
import { RoleLimitsFields } from './role-limits-fields';

const CATALOGUE = Object.entries(PERMISSION_CATALOGUE) as [string, string][];
const catalogueCodes = new Set(CATALOGUE.map(([code]) => code));

/** Splits a role's patterns into catalogue codes (ticked) and free glob patterns (one per line). */
function splitPatterns(codes: readonly string[]) {
  return {
    picked: new Set(codes.filter((code) => catalogueCodes.has(code))),
    free: codes.filter((code) => !catalogueCodes.has(code)).join('\n'),
  };
}

const POLICY_PATH = '/api/auth/second-factor/policy';

/**
 * Issue 31 item 3: makes the role require a second factor of its holders, or not. The policy is
 * one site setting (every role's id in one list), so it is read and written whole; PUT needs
 * panel.settings and a step-up (the host's prompt answers STEP_UP_REQUIRED and retries), and
 * refuses ENROL_FIRST when the editor holds the role and has no factor of their own.
 */
async function writeRequirement(
  host: HostApi,
  t: ReturnType<typeof useT>,
  roleId: string,
  requiredRoleIds: readonly string[],
  required: boolean,
): Promise<string | null> {
  const others = requiredRoleIds.filter((id) => id !== roleId);
  const body = { requiredRoleIds: required ? [...others, roleId] : others };
  const result = await change(host, 'PUT', POLICY_PATH, body, secondFactorPolicySchema);
  if (result.ok) return null;
  if (result.code === 'ENROL_FIRST') return t('panel.dashboard.role.enrolFirst', { message: result.message });
  return result.message;
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
  const t = useT();
  const initial = splitPatterns(role?.codes ?? []);
  const [name, setName] = useState(role?.name ?? '');
  const [immunity, setImmunity] = useState(String(role?.immunityLevel ?? 0));
  const [flags, setFlags] = useState(new Set(role?.flags ?? ''));
  const [picked, setPicked] = useState(initial.picked);
  const [free, setFree] = useState(initial.free);
  const [limits, setLimits] = useState(role?.limits ?? UNLIMITED_ROLE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The second-factor requirement: only someone who may change site settings sees it.
  const mayRequire = useCan('panel.settings');
  const policy = useLoad(mayRequire ? POLICY_PATH : null, secondFactorPolicySchema).state;
  const requiredIds = policy.status === 'ready' ? policy.data.requiredRoleIds : null;
  const [requireChoice, setRequireChoice] = useState<boolean | null>(null);
  const requiredNow = role !== null && (requiredIds?.includes(role.id) ?? false);
  const requireFactor = requireChoice ?? requiredNow;

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
      limits,
    };
    const checked = panelRoleInputSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        found[key] ??= key === 'immunityLevel' ? t('panel.dashboard.role.immunity.error') : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = role
      ? await change(host, 'PATCH', `/api/panel/roles/${encodeURIComponent(role.id)}`, checked.data, panelRoleSchema)
      : await change(host, 'POST', '/api/panel/roles', checked.data, panelRoleSchema);
    if (!result.ok) {
      setBusy(false);
      setErrors(result.code === 'ROLE_NAME_TAKEN' ? { name: result.message } : { form: result.message });
      return;
    }
    const savedId = role?.id ?? (result.data === true ? null : result.data.id);
    const saidWhat = t(role ? 'panel.dashboard.role.saved' : 'panel.dashboard.role.created', {
      name: checked.data.name,
    });
    // The requirement is written after the role (a new role needs its id first), only if it changed.
    if (requiredIds !== null && savedId !== null && requireFactor !== requiredNow) {
      const refused = await writeRequirement(host, t, savedId, requiredIds, requireFactor);
      setBusy(false);
      if (refused && role) {
        // The role itself is saved; saving again repeats that harmlessly and retries the requirement.
        setErrors({ requireFactor: t('panel.dashboard.role.factorUnchanged', { done: saidWhat, refused }) });
        return;
      }
      if (refused) {
        host.notify({
          level: 'error',
          message: t('panel.dashboard.role.factorNotRequired', { done: saidWhat, refused }),
        });
        onSaved();
        return;
      }
    }
    setBusy(false);
    host.notify({ level: 'success', message: saidWhat });
    onSaved();
  };

  return (
    <Modal
      title={role ? t('panel.dashboard.role.editTitle', { name: role.name }) : t('panel.dashboard.roles.new')}
      onClose={onClose}
      width="min(56rem, 100%)"
    >
      <form
        className="panel-form role-editor"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="panel-grid">
          <Field label={t('panel.dashboard.role.name')} error={errors.name}>
            {(control) => (
              <Input {...control} maxLength={64} value={name} onChange={(event) => setName(event.target.value)} />
            )}
          </Field>
          <Field
            label={t('panel.dashboard.role.immunity')}
            error={errors.immunityLevel}
            hint={t('panel.dashboard.role.immunity.hint')}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={immunity}
                onChange={(event) => setImmunity(event.target.value)}
              />
            )}
          </Field>
        </div>
        {role && <RoleDiscordField roleId={role.id} />}

        <Fieldset legend={t('panel.dashboard.role.flags')}>
          <div className="check-grid">
            {Object.entries(ADMIN_FLAGS).map(([letter, label]) => (
              <Checkbox
                key={letter}
                label={
                  <>
                    <code>{letter}</code> {label}
                  </>
                }
                checked={flags.has(letter)}
                onChange={(event) => setFlags(toggle(flags, letter, event.target.checked))}
              />
            ))}
          </div>
          {errors.flags && (
            <p className="field-error" role="alert">
              {errors.flags}
            </p>
          )}
        </Fieldset>

        <Fieldset legend={t('panel.dashboard.role.permissions')}>
          <div className="check-list">
            {CATALOGUE.map(([code]) => (
              <Checkbox
                key={code}
                label={
                  <>
                    <code>{code}</code>{' '}
                    {/* The code's meaning in the reader's language; English is the catalogue's own (role-editor.test). */}
                    <span className="muted">{t(`panel.permission.${code}`)}</span>
                  </>
                }
                checked={picked.has(code)}
                onChange={(event) => setPicked(toggle(picked, code, event.target.checked))}
              />
            ))}
          </div>
          <Field
            label={t('panel.dashboard.role.patterns')}
            error={errors.codes}
            hint={t('panel.dashboard.role.patterns.hint')}
          >
            {(control) => (
              <TextArea
                {...control}
                rows={3}
                spellCheck={false}
                value={free}
                onChange={(event) => setFree(event.target.value)}
              />
            )}
          </Field>
          {freePatterns.length > 0 && (
            <p className="muted" aria-live="polite">
              {freeMatches.length === 0
                ? t('panel.dashboard.role.patterns.matchNone')
                : t('panel.dashboard.role.patterns.match', { count: freeMatches.length })}
            </p>
          )}
          <div className="matches" aria-live="polite" data-testid="role-matches">
            <p>
              {withNode(
                t('panel.dashboard.role.matches', { title: SLOT, count: matched.length }),
                <strong>{t('panel.dashboard.role.matches.title')}</strong>,
              )}
            </p>
            {matched.length === 0 ? (
              <p className="muted">{t('panel.dashboard.role.matches.none')}</p>
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
        </Fieldset>

        <RoleLimitsFields value={limits} onChange={setLimits} />

        {mayRequire && (
          <div className="role-second-factor">
            {requiredIds !== null ? (
              <Checkbox
                label={t('panel.dashboard.role.factor')}
                hint={t('panel.dashboard.role.factor.hint')}
                checked={requireFactor}
                onChange={(event) => setRequireChoice(event.target.checked)}
              />
            ) : policy.status === 'loading' ? (
              <p className="muted">{t('panel.dashboard.role.factor.loading')}</p>
            ) : (
              <p className="muted">{t('panel.dashboard.role.factor.failed')}</p>
            )}
            {errors.requireFactor && (
              <Callout tone="danger" role="alert">
                {errors.requireFactor}
              </Callout>
            )}
          </div>
        )}

        {errors.form && (
          <Callout tone="danger" role="alert">
            {errors.form}
          </Callout>
        )}
        <FormActions
          submitLabel={role ? t('panel.dashboard.role.save') : t('panel.dashboard.role.create')}
          busy={busy}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
