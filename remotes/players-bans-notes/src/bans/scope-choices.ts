import type { BanScope, RestrictionLimits, ServerGroup } from '@outpost/contracts';
import { i18n } from '@outpost/host';

// Ban scope (issue 25 item 3): the ban form offers only the scopes the user may give: every
// server (the community) and any group or server without group limits; with limits, only the
// groups their roles hold them to and those groups' servers. The API checks every ban again.

export interface ScopeGroupChoices {
  groupId: string;
  name: string;
  options: { value: string; label: string }[];
}

export interface ScopeChoices {
  community: boolean;
  groups: ScopeGroupChoices[];
}

export function scopeValue(scope: BanScope): string {
  if (scope.kind === 'group') return `group:${scope.groupId}`;
  if (scope.kind === 'server') return `server:${scope.serverId}`;
  return 'community';
}

/** The scope an option's value stands for; null for no choice yet. */
export function parseScopeValue(value: string): BanScope | null {
  if (value === 'community') return { kind: 'community' };
  const [kind, ...rest] = value.split(':');
  const id = rest.join(':');
  if (!id) return null;
  if (kind === 'group') return { kind: 'group', groupId: id };
  if (kind === 'server') return { kind: 'server', serverId: id };
  return null;
}

export function scopeChoices(
  groups: readonly Pick<ServerGroup, 'id' | 'name' | 'servers'>[],
  limits: RestrictionLimits,
): ScopeChoices {
  const held = limits.groups ?? null;
  return {
    community: held === null,
    groups: groups
      .filter((group) => held === null || held.includes(group.id))
      .map((group) => ({
        groupId: group.id,
        name: group.name,
        options: [
          { value: `group:${group.id}`, label: i18n._('players-bans-notes.bans.scope.group', { group: group.name }) },
          ...group.servers.map((server) => ({ value: `server:${server.id}`, label: server.name })),
        ],
      })),
  };
}

/**
 * The scope picked at first: `preferred` when it is offered (a report's server, issue 25), else
 * every server when allowed, else the first group. '' when none.
 */
export function defaultScopeValue(choices: ScopeChoices, preferred?: BanScope | null): string {
  if (preferred) {
    const value = scopeValue(preferred);
    const offered =
      (value === 'community' && choices.community) ||
      choices.groups.some((group) => group.options.some((option) => option.value === value));
    if (offered) return value;
  }
  if (choices.community) return 'community';
  return choices.groups[0]?.options[0]?.value ?? '';
}
