import { type BanScope, NO_RESTRICTION_LIMITS, serverGroupsResponseSchema } from '@outpost/contracts';
import { useLoad, useSessionStore, useT } from '@outpost/host';
import { Field, Select } from '@outpost/ui';
import { useState } from 'react';
import { defaultScopeValue, parseScopeValue, type ScopeChoices, scopeChoices } from './scope-choices';

// Where a new ban applies (issue 25 item 3), for the ban form and a report resolved as a ban:
// only the scopes the user's roles let them give; the API checks every ban again. Every server is
// the contract's COMMUNITY_SCOPE_NAME in English, in the reader's language here.

export interface ScopeChoice {
  choices: ScopeChoices;
  /** The option picked ('' while nothing may be picked yet). */
  value: string;
  setValue(value: string): void;
  /** The scope to send; null while none is picked. */
  scope: BanScope | null;
}

/** `preferred`: the scope picked at first when the user may give it (a report's server). */
export function useScopeChoice(preferred?: BanScope | null): ScopeChoice {
  const limits = useSessionStore((state) => state.session?.permissions.limits) ?? NO_RESTRICTION_LIMITS;
  const servers = useLoad('/api/servers', serverGroupsResponseSchema);
  const choices = scopeChoices(servers.state.status === 'ready' ? servers.state.data : [], limits);
  const [picked, setPicked] = useState<string | null>(null);
  const value = picked ?? defaultScopeValue(choices, preferred);
  return { choices, value, setValue: setPicked, scope: parseScopeValue(value) };
}

export function ScopeField({ choice }: { choice: ScopeChoice }) {
  const t = useT();
  const { choices, value, setValue } = choice;
  return (
    <Field
      label={t('players-bans-notes.bans.scope.label')}
      hint={choices.community ? undefined : t('players-bans-notes.bans.scope.limited')}
    >
      {(control) => (
        <Select {...control} name="scope" value={value} onChange={(e) => setValue(e.target.value)}>
          {value === '' && <option value="">{t('players-bans-notes.bans.scope.loading')}</option>}
          {choices.community && <option value="community">{t('players-bans-notes.bans.scope.community')}</option>}
          {choices.groups.map((group) => (
            <optgroup key={group.groupId} label={group.name}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      )}
    </Field>
  );
}
