import { type BanScope, COMMUNITY_SCOPE_NAME } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { principalHas } from '../../plugins/authorization';
import { accountsService } from '../accounts';
import { authService } from '../auth';
import { serversService } from '../servers';
import type { CommandContext } from './commands';
import type { DiscordTables } from './tables';

// /ban's scope option (issue 25 item 3): where the ban applies — every server (the default, as
// before), one server group or one server. Autocomplete offers only the scopes the caller's roles
// let them give (as the web's ban form); the ban service checks every ban again.

export const SCOPE_OPTION = {
  name: 'scope',
  type: 3,
  description: 'Where it applies: every server (default), a server group or one server',
  required: false,
  autocomplete: true,
  max_length: 100,
} as const;

interface ScopeEntry {
  value: string;
  name: string;
  scope: BanScope;
}

/** Every scope there is: every server, then each group and its servers. */
async function allScopes(db: Kysely<DiscordTables>): Promise<ScopeEntry[]> {
  const groups = await serversService.listGroupsWithServers(db);
  return [
    { value: 'community', name: COMMUNITY_SCOPE_NAME, scope: { kind: 'community' } },
    ...groups.flatMap((group) => [
      {
        value: `group:${group.id}`,
        name: `Every server of ${group.name}`,
        scope: { kind: 'group', groupId: group.id } as BanScope,
      },
      ...group.servers.map((server) => ({
        value: `server:${server.id}`,
        name: server.name,
        scope: { kind: 'server', serverId: server.id } as BanScope,
        groupId: group.id,
      })),
    ]),
  ];
}

/** Autocomplete: the scopes the caller may give whose name holds what they typed. */
export async function scopeChoices(context: CommandContext, typed: string): Promise<{ name: string; value: string }[]> {
  if (!context.principal || !principalHas(context.principal, 'bans.create')) return [];
  const { db, principal } = context;
  const limits = await accountsService.restrictionLimits(
    db,
    principal.userId,
    await authService.withheldRoleIds(db, principal.userId),
  );
  const held = limits.groups ?? null;
  const groups = await serversService.listGroupsWithServers(db);
  const groupOf = new Map(groups.flatMap((group) => group.servers.map((server) => [server.id, group.id] as const)));
  const text = typed.trim().toLowerCase();
  return (await allScopes(db))
    .filter((entry) => {
      if (held === null) return true;
      if (entry.scope.kind === 'group') return held.includes(entry.scope.groupId);
      if (entry.scope.kind === 'server') return held.includes(groupOf.get(entry.scope.serverId) ?? '');
      return false;
    })
    .filter((entry) => entry.name.toLowerCase().includes(text))
    .slice(0, 25)
    .map(({ name, value }) => ({ name: name.slice(0, 100), value }));
}

/**
 * The scope the option names: absent or blank is every server; else an autocompleted value
 * ('community', 'group:<id>', 'server:<id>') or a name typed out (a group's, a server's, or
 * "All servers"), case aside. A { refusal } when it names nothing, or more than one thing.
 */
export async function parseScopeOption(
  db: Kysely<DiscordTables>,
  raw: string | undefined,
): Promise<{ scope: BanScope; name: string } | { refusal: string }> {
  const typed = (raw ?? '').trim();
  if (!typed) return { scope: { kind: 'community' }, name: COMMUNITY_SCOPE_NAME };
  const scopes = await allScopes(db);
  const byValue = scopes.find((entry) => entry.value === typed);
  if (byValue) return { scope: byValue.scope, name: byValue.name };
  const lower = typed.toLowerCase();
  const byName = scopes.filter(
    (entry) =>
      entry.name.toLowerCase() === lower ||
      (entry.scope.kind === 'group' && entry.name.toLowerCase() === `every server of ${lower}`),
  );
  if (byName.length === 1 && byName[0]) return { scope: byName[0].scope, name: byName[0].name };
  if (byName.length > 1)
    return { refusal: `More than one server or group is called “${typed}”: pick one from the list.` };
  return { refusal: `“${typed}” is not a server, a server group or all servers: pick one from the list.` };
}

/** /warn's server option: the server the warning is about (it then counts for per-server and per-group ladder steps). */
export const WARN_SERVER_OPTION = {
  name: 'server',
  type: 3,
  description: 'The server it happened on (counts for the ladder’s per-server steps)',
  required: false,
  autocomplete: true,
  max_length: 100,
} as const;

/** Autocomplete of /warn's server option: servers whose name holds what was typed (warnings.create only). */
export async function serverChoices(
  context: CommandContext,
  typed: string,
): Promise<{ name: string; value: string }[]> {
  if (!context.principal || !principalHas(context.principal, 'warnings.create')) return [];
  const text = typed.trim().toLowerCase();
  return (await allScopes(context.db))
    .filter((entry) => entry.scope.kind === 'server' && entry.name.toLowerCase().includes(text))
    .slice(0, 25)
    .map((entry) => ({ name: entry.name.slice(0, 100), value: entry.value.slice('server:'.length) }));
}

/** The server /warn's option names (its id, or its name typed out); none when blank; a { refusal } otherwise. */
export async function parseServerOption(
  db: Kysely<DiscordTables>,
  raw: string | undefined,
): Promise<{ serverId: string | null; name: string } | { refusal: string }> {
  const typed = (raw ?? '').trim();
  if (!typed) return { serverId: null, name: '' };
  const servers = (await allScopes(db)).filter((entry) => entry.scope.kind === 'server');
  const byId = servers.find((entry) => entry.value === `server:${typed}`);
  const byName = servers.filter((entry) => entry.name.toLowerCase() === typed.toLowerCase());
  const found = byId ?? (byName.length === 1 ? byName[0] : undefined);
  if (found) return { serverId: found.value.slice('server:'.length), name: found.name };
  if (byName.length > 1) return { refusal: `More than one server is called “${typed}”: pick one from the list.` };
  return { refusal: `“${typed}” is not one of the servers: pick one from the list.` };
}
