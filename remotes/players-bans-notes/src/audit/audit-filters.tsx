import { LOG_TYPES, parseSteamId } from '@outpost/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { localInputToSeconds, secondsToLocalInput } from './local-datetime';
import { ServerSelect } from './server-select';
import type { LogFilters } from './use-log-window';

/** Player (any id form), server, type and time range; applied on submit. */
export function AuditFilters({ value, onApply }: { value: LogFilters; onApply(filters: LogFilters): void }) {
  const formId = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const playerInvalid = draft.player.trim() !== '' && parseSteamId(draft.player) === null;
  const set = (key: keyof LogFilters) => (text: string) => setDraft((previous) => ({ ...previous, [key]: text }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!playerInvalid) onApply({ ...draft, player: draft.player.trim(), serverId: draft.serverId.trim() });
  };
  return (
    <form className="filters audit-filters" aria-label="Log filters" onSubmit={submit}>
      <label>
        Player
        <input
          className="input"
          value={draft.player}
          placeholder="Any SteamID form"
          aria-invalid={playerInvalid}
          onChange={(e) => set('player')(e.target.value)}
        />
      </label>
      <label htmlFor={`${formId}-server`}>
        Server
        <ServerSelect id={`${formId}-server`} value={draft.serverId} onChange={set('serverId')} />
      </label>
      <label>
        Type
        <select className="input" value={draft.type} onChange={(e) => set('type')(e.target.value)}>
          <option value="">All</option>
          {LOG_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
      <label>
        From
        <input
          className="input"
          type="datetime-local"
          value={secondsToLocalInput(draft.from)}
          onChange={(e) => set('from')(localInputToSeconds(e.target.value))}
        />
      </label>
      <label>
        To
        <input
          className="input"
          type="datetime-local"
          value={secondsToLocalInput(draft.to)}
          onChange={(e) => set('to')(localInputToSeconds(e.target.value))}
        />
      </label>
      <button type="submit" className="button" disabled={playerInvalid}>
        Apply
      </button>
      {playerInvalid && <small className="error-text">Not a Steam id</small>}
    </form>
  );
}
