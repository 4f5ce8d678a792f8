import { parseSteamId } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { Input } from '@outpost/ui';
import { useId } from 'react';

interface Props {
  label: string;
  value: string;
  /** The typed text and its SteamID64 (null when blank or not a Steam id). */
  onChange(text: string, steamid64: string | null): void;
  required?: boolean;
  placeholder?: string;
}

/**
 * A SteamID field that takes every form staff paste: SteamID64, STEAM_X:Y:Z, [U:1:Z] or a
 * profile URL. It shows what the text means before anything is sent.
 */
export function SteamIdInput({ label, value, onChange, required, placeholder }: Props) {
  const t = useT();
  const id = useId();
  const parsed = value.trim() ? parseSteamId(value) : null;
  const invalid = value.trim() !== '' && parsed === null;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        value={value}
        required={required}
        placeholder={placeholder ?? t('players-bans-notes.common.steamId.placeholder')}
        aria-invalid={invalid}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value, parseSteamId(event.target.value))}
      />
      <p id={`${id}-hint`} className={invalid ? 'field-error' : 'field-hint muted'}>
        {invalid
          ? t('players-bans-notes.common.steamId.invalid')
          : parsed
            ? t('players-bans-notes.common.steamId.parsed', { steamid64: parsed })
            : ''}
      </p>
    </div>
  );
}
