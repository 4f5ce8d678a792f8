import { parseSteamId } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { newId } from '../../../lib/tokens';
import { accountsService } from '../../accounts';
import { freeRoleName } from '../import-accounts';
import type { ImportSummary } from '../import-summary';
import { mappingsOf, recordMappings } from '../mappings-repository';
import type { MysqlSource } from '../mysql-source';
import type { ImportsTables } from '../tables';

// CS2-SimpleAdmin groups (sa_groups + sa_groups_flags) -> roles, admins (sa_admins +
// sa_admins_flags) -> accounts. Its permissions are CounterStrikeSharp's "@css/..." flags,
// which name SourceMod's flag letters one for one; "#name" in an admin's flags names a group.

type Db = Kysely<ImportsTables>;

export const ADMIN_KIND = { roles: 'roles (groups)', admins: 'admins', memberships: 'group memberships' } as const;

export const ADMIN_REASON = {
  malformedSteamId: 'malformed Steam id',
  expired: 'admin entry expired in CS2-SimpleAdmin',
  // Outpost accounts and roles hold on every server: an entry for one server would widen it.
  perServer: 'admin entry for some servers only: not granted (Outpost admins apply to every server)',
} as const;

export const ADMIN_REMARK = {
  existingUser: 'Steam id already has an Outpost account: linked, left unchanged',
  customFlags: 'custom permissions (not @css/ flags) not brought over',
} as const;

/** CounterStrikeSharp's @css/ permissions and the SourceMod letter each stands for. */
const CSS_LETTER: Record<string, string> = {
  reservation: 'a',
  generic: 'b',
  kick: 'c',
  ban: 'd',
  unban: 'e',
  slay: 'f',
  changemap: 'g',
  cvar: 'h',
  config: 'i',
  chat: 'j',
  vote: 'k',
  password: 'l',
  rcon: 'm',
  cheats: 'n',
  root: 'z',
};

/** @css/ flags as sorted SourceMod letters, the #group names, and whether any was not understood. */
export function cssFlags(flags: readonly string[]): { letters: string; groups: string[]; custom: boolean } {
  const letters = new Set<string>();
  const groups: string[] = [];
  let custom = false;
  for (const raw of flags.flatMap((flag) => flag.split(','))) {
    const flag = raw.trim();
    if (!flag) continue;
    if (flag.startsWith('#')) groups.push(flag.slice(1).toLowerCase());
    else {
      const letter = CSS_LETTER[flag.replace(/^@css\//, '')];
      if (letter && flag.startsWith('@css/')) letters.add(letter);
      else custom = true;
    }
  }
  return { letters: [...letters].sort().join(''), groups, custom };
}

function flagsBy<K extends string>(rows: { [key in K]: number }[], key: K, flagOf: (row: never) => string) {
  const map = new Map<number, string[]>();
  for (const row of rows) {
    const id = Number(row[key]);
    map.set(id, [...(map.get(id) ?? []), flagOf(row as never)]);
  }
  return map;
}

/** Groups as roles; answers group id and lower-cased name -> role id. */
export async function importGroups(
  db: Db,
  source: MysqlSource,
  summary: ImportSummary,
): Promise<{ byId: Map<number, string | null>; byName: Map<string, string | null> }> {
  const byId = new Map<number, string | null>();
  const byName = new Map<string, string | null>();
  if (!(await source.hasTable('groups'))) return { byId, byName };
  const groups = await source.rows<{ id: number; name: string; immunity: number }>(
    'SELECT id, name, immunity FROM `{p}groups` ORDER BY id',
  );
  const flags = flagsBy(
    (await source.hasTable('groups_flags'))
      ? await source.rows<{ group_id: number; flag: string }>('SELECT group_id, flag FROM `{p}groups_flags`')
      : [],
    'group_id',
    (row: { flag: string }) => row.flag,
  );
  const known = await mappingsOf(db, source.key, 'group');
  const pairs: [number, string][] = [];
  await db.transaction().execute(async (trx) => {
    for (const group of groups) {
      let id = known.get(group.id) ?? null;
      if (!known.has(group.id)) {
        id = newId();
        const parsed = cssFlags(flags.get(group.id) ?? []);
        if (parsed.custom) summary.remark(ADMIN_KIND.roles, ADMIN_REMARK.customFlags);
        await accountsService.insertRole(trx, {
          id,
          name: await freeRoleName(trx, group.name, 'CS2-SimpleAdmin'),
          codes: [],
          flags: parsed.letters,
          immunityLevel: Math.max(0, Number(group.immunity) || 0),
        });
        pairs.push([group.id, id]);
      }
      byId.set(group.id, id);
      byName.set(group.name.toLowerCase(), id);
    }
    await recordMappings(trx, source.key, 'group', pairs);
  });
  summary.imported(ADMIN_KIND.roles, pairs.length);
  return { byId, byName };
}

interface AdminRow {
  id: number;
  player_name: string;
  player_steamid: string;
  flags: string | null;
  immunity: number;
  server_id: number | null;
  ends: number | null;
  group_id: number | null;
}

/** Admins as accounts with their letters, immunity and group memberships (global entries only). */
export async function importAdmins(
  db: Db,
  source: MysqlSource,
  summary: ImportSummary,
  roles: { byId: Map<number, string | null>; byName: Map<string, string | null> },
  now: number,
): Promise<void> {
  if (!(await source.hasTable('admins'))) return;
  const rows = await source.rows<AdminRow>(
    'SELECT id, player_name, player_steamid, flags, immunity, server_id, CAST(UNIX_TIMESTAMP(ends) AS SIGNED) AS ends, group_id FROM `{p}admins` ORDER BY id',
  );
  const flags = flagsBy(
    (await source.hasTable('admins_flags'))
      ? await source.rows<{ admin_id: number; flag: string }>('SELECT admin_id, flag FROM `{p}admins_flags`')
      : [],
    'admin_id',
    (row: { flag: string }) => row.flag,
  );
  const known = await mappingsOf(db, source.key, 'admin');
  const pairs: [number, string | null][] = [];
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      if (known.has(row.id)) continue;
      const steamid = parseSteamId(row.player_steamid ?? '');
      const skip = !steamid
        ? ADMIN_REASON.malformedSteamId
        : row.ends !== null && Number(row.ends) > 0 && Number(row.ends) < now
          ? ADMIN_REASON.expired
          : row.server_id !== null
            ? ADMIN_REASON.perServer
            : null;
      if (skip || !steamid) {
        summary.skipped(ADMIN_KIND.admins, skip ?? ADMIN_REASON.malformedSteamId);
        pairs.push([row.id, null]);
        continue;
      }
      const parsed = cssFlags([...(flags.get(row.id) ?? []), ...(row.flags ? [row.flags] : [])]);
      if (parsed.custom) summary.remark(ADMIN_KIND.admins, ADMIN_REMARK.customFlags);
      const created = await accountsService.insertImportedUser(trx, {
        steamid,
        name: row.player_name || steamid,
        flags: parsed.letters,
        immunity: Math.max(0, Number(row.immunity) || 0),
        permissionCodes: [],
      });
      if (!created) {
        const existing = await accountsService.findUserBySteamId(trx, steamid);
        pairs.push([row.id, existing?.id ?? null]);
        summary.imported(ADMIN_KIND.admins);
        summary.remark(ADMIN_KIND.admins, ADMIN_REMARK.existingUser);
        continue;
      }
      pairs.push([row.id, created]);
      summary.imported(ADMIN_KIND.admins);
      const roleIds = new Set<string>();
      const byId = row.group_id === null ? null : roles.byId.get(Number(row.group_id));
      if (byId) roleIds.add(byId);
      for (const name of parsed.groups) {
        const role = roles.byName.get(name);
        if (role) roleIds.add(role);
      }
      for (const roleId of roleIds) {
        if (await accountsService.addHolder(trx, roleId, created)) summary.imported(ADMIN_KIND.memberships);
      }
    }
    await recordMappings(trx, source.key, 'admin', pairs);
  });
}
