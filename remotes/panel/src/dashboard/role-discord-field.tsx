import { discordRoleLinkChangeSchema, discordRoleLinksSchema } from '@outpost/contracts';
import { useHost, useLoad, useT } from '@outpost/host';
import { Button, Field, Input } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';

/**
 * Role sync (issue 26 item 5) in the role editor: the Discord role this role's holders get in
 * the guild. Saved on its own (the role's other fields are not touched); absent when the
 * mappings cannot be read.
 */
export function RoleDiscordField({ roleId }: { roleId: string }) {
  const { state, reload } = useLoad('/api/panel/discord-bot/roles', discordRoleLinksSchema);
  if (state.status !== 'ready') return null;
  const current = state.data.links.find((link) => link.roleId === roleId)?.discordRoleId ?? '';
  return <DiscordRoleForm key={current} roleId={roleId} current={current} onSaved={reload} />;
}

function DiscordRoleForm({ roleId, current, onSaved }: { roleId: string; current: string; onSaved(): void }) {
  const host = useHost();
  const t = useT();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const checked = discordRoleLinkChangeSchema.safeParse({ discordRoleId: value.trim() || null });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    const path = `/api/panel/discord-bot/roles/${encodeURIComponent(roleId)}`;
    const result = await change(host, 'PUT', path, checked.data, discordRoleLinksSchema);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    host.notify({
      level: 'success',
      message: checked.data.discordRoleId
        ? t('panel.dashboard.role.discord.saved')
        : t('panel.dashboard.role.discord.cleared'),
    });
    onSaved();
  };
  return (
    <Field label={t('panel.dashboard.role.discord')} error={error} hint={t('panel.dashboard.role.discord.hint')}>
      {(control) => (
        <div className="inline-controls">
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          <Button disabled={value.trim() === current} busy={busy} onClick={() => void save()}>
            {t('panel.dashboard.role.discord.save')}
          </Button>
        </div>
      )}
    </Field>
  );
}
