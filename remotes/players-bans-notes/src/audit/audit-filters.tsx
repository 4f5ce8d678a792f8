import { LOG_TYPES, parseSteamId } from '@outpost/contracts';
import { useT } from '@outpost/host';
import { Button, FilterField, fromLocalInputValue, Input, Select, toLocalInputValue } from '@outpost/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { ServerSelect } from './server-select';
import type { LogFilters } from './use-log-window';

/** Player (any id form), server, type and time range; applied on submit. */
export function AuditFilters({ value, onApply }: { value: LogFilters; onApply(filters: LogFilters): void }) {
  const t = useT();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const playerInvalid = draft.player.trim() !== '' && parseSteamId(draft.player) === null;
  const set = (key: keyof LogFilters) => (text: string) => setDraft((previous) => ({ ...previous, [key]: text }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!playerInvalid) onApply({ ...draft, player: draft.player.trim(), serverId: draft.serverId.trim() });
  };
  return (
    <form className="audit-filters" aria-label={t('players-bans-notes.audit.filters.aria')} onSubmit={submit}>
      <FilterField label={t('players-bans-notes.audit.filters.player')}>
        {({ id }) => (
          <Input
            id={id}
            value={draft.player}
            placeholder={t('players-bans-notes.audit.filters.playerPlaceholder')}
            aria-invalid={playerInvalid}
            aria-describedby={playerInvalid ? `${id}-error` : undefined}
            onChange={(e) => set('player')(e.target.value)}
          />
        )}
      </FilterField>
      <FilterField label={t('players-bans-notes.audit.filters.server')}>
        {({ id }) => <ServerSelect id={id} value={draft.serverId} onChange={set('serverId')} />}
      </FilterField>
      <FilterField label={t('players-bans-notes.audit.filters.type')}>
        {({ id }) => (
          <Select id={id} value={draft.type} onChange={(e) => set('type')(e.target.value)}>
            <option value="">{t('players-bans-notes.audit.filters.allTypes')}</option>
            {LOG_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
        )}
      </FilterField>
      <FilterField label={t('players-bans-notes.audit.filters.from')}>
        {({ id }) => (
          <Input
            id={id}
            type="datetime-local"
            value={draft.from ? toLocalInputValue(Number(draft.from)) : ''}
            onChange={(e) => set('from')(String(fromLocalInputValue(e.target.value) ?? ''))}
          />
        )}
      </FilterField>
      <FilterField label={t('players-bans-notes.audit.filters.to')}>
        {({ id }) => (
          <Input
            id={id}
            type="datetime-local"
            value={draft.to ? toLocalInputValue(Number(draft.to)) : ''}
            onChange={(e) => set('to')(String(fromLocalInputValue(e.target.value) ?? ''))}
          />
        )}
      </FilterField>
      <Button type="submit" variant="primary" disabled={playerInvalid}>
        {t('players-bans-notes.audit.filters.apply')}
      </Button>
      {playerInvalid && <p className="field-error">{t('players-bans-notes.common.steamId.invalid')}</p>}
    </form>
  );
}
