import { useT } from '@outpost/host';
import { Checkbox, Input } from '@outpost/ui/core';

interface Props {
  id: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean;
  /** Whether a password is stored; what it is never reaches the browser. */
  stored: boolean;
  /** undefined: keep the stored one; null: clear it; text: replace it. */
  value: string | null | undefined;
  onChange: (value: string | null | undefined) => void;
}

/** Write-only RCON password: empty means "keep", never pre-filled, with a way to clear it. */
export function RconPasswordInput({ stored, value, onChange, ...control }: Props) {
  const t = useT();
  return (
    <div className="rcon-password">
      <Input
        {...control}
        type="password"
        autoComplete="new-password"
        placeholder={t(stored ? 'servers.form.server.stored' : 'servers.form.server.notSet')}
        value={typeof value === 'string' ? value : ''}
        disabled={value === null}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      />
      {stored && (
        <Checkbox
          label={t('servers.form.server.clearPassword')}
          checked={value === null}
          onChange={(event) => onChange(event.target.checked ? null : undefined)}
        />
      )}
    </div>
  );
}
