import {
  type PrivilegesUpdate,
  privilegesUpdateSchema,
  rolesListResponseSchema,
  type UserLookupResponse,
  userLookupResponseSchema,
} from '@outpost/contracts';
import { sendJson, useHost, useLoad, useT } from '@outpost/host';
import { Button, Checkbox, Field, Fieldset, Input, TextArea } from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { FlagTable } from './flag-table';

type AdminData = NonNullable<UserLookupResponse['adminData']>;

interface Props {
  userId: string;
  adminData: AdminData;
  /** users.edit-privileges: without it everything is read-only. */
  editable: boolean;
  onSaved(lookup: UserLookupResponse): void;
}

/** Roles, the flag table, immunity and permission codes of one user. */
export function PrivilegesEditor({ userId, adminData, editable, onSaved }: Props) {
  const host = useHost();
  const t = useT();
  const [draft, setDraft] = useState<PrivilegesUpdate>({
    roleIds: adminData.roles.map((role) => role.id),
    flags: adminData.flags,
    immunityLevel: adminData.immunityLevel,
    codes: adminData.codes,
  });
  const [codesText, setCodesText] = useState(adminData.codes.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const roles = useLoad(editable ? '/api/roles' : null, rolesListResponseSchema).state;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const codes = codesText
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const parsed = privilegesUpdateSchema.safeParse({ ...draft, codes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('players-bans-notes.bans.form.check'));
      return;
    }
    setError(null);
    setBusy(true);
    const saved = await sendJson(
      host,
      'PUT',
      `/api/users/${encodeURIComponent(userId)}/privileges`,
      parsed.data,
      userLookupResponseSchema,
    );
    setBusy(false);
    if (!saved.ok) return;
    host.notify({ level: 'success', message: t('players-bans-notes.players.privileges.saved') });
    if (saved.data !== true) onSaved(saved.data);
  };

  const roleList =
    roles.status === 'ready' ? roles.data : adminData.roles.map((role) => ({ ...role, flags: '', immunityLevel: 0 }));
  return (
    <form className="privileges-form" onSubmit={save}>
      <Fieldset className="privileges-fields" disabled={!editable || busy}>
        <h3>{t('players-bans-notes.players.privileges.roles')}</h3>
        {roleList.length === 0 ? (
          <p className="muted">{t('players-bans-notes.players.privileges.noRoles')}</p>
        ) : (
          <ul className="role-list">
            {roleList.map((role) => (
              <li key={role.id}>
                <Checkbox
                  label={role.name}
                  checked={draft.roleIds.includes(role.id)}
                  onChange={(e) =>
                    setDraft((d) => ({
                      ...d,
                      roleIds: e.target.checked ? [...d.roleIds, role.id] : d.roleIds.filter((id) => id !== role.id),
                    }))
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <h3>{t('players-bans-notes.players.flags')}</h3>
        <FlagTable
          flags={draft.flags}
          onChange={editable ? (flags) => setDraft((d) => ({ ...d, flags })) : undefined}
        />
        <Field label={t('players-bans-notes.players.privileges.immunity')} className="immunity-field">
          {(control) => (
            <Input
              {...control}
              type="number"
              min={0}
              max={100}
              value={draft.immunityLevel}
              onChange={(e) => setDraft((d) => ({ ...d, immunityLevel: Number(e.target.value) }))}
            />
          )}
        </Field>
        <Field label={t('players-bans-notes.players.privileges.codes')} error={error}>
          {(control) => (
            <TextArea {...control} rows={5} value={codesText} onChange={(e) => setCodesText(e.target.value)} />
          )}
        </Field>
      </Fieldset>
      {editable && (
        <div className="form-row-end">
          <Button type="submit" variant="primary" busy={busy}>
            {t('players-bans-notes.players.privileges.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
