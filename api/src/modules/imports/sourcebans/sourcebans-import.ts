import { parseSteamId } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { newId } from '../../../lib/tokens';
import { accountsService } from '../../accounts';
import { freeRoleName, importServerList, sourceModFlags } from '../import-accounts';
import { auditImport, DEFAULT_BATCH, type ImportProgress, progressOf, summaryOf } from '../import-job';
import { mappingsOf, recordMappings } from '../mappings-repository';
import { decodeText, type MysqlSource } from '../mysql-source';
import type { ImportsTables } from '../tables';
import { importComments, importPlayerNotes, NOTE_KIND, NOTE_REASON } from './sourcebans-notes';
import { importProtests, PROTEST_KIND } from './sourcebans-protests';
import {
  adminOf,
  importRestrictions,
  RESTRICTION_KIND,
  RESTRICTION_REASON,
  RESTRICTION_REMARK,
  type RestrictionContext,
  serverOf,
} from './sourcebans-restrictions';
import { importSubmissions, SUBMISSION_COMMENTS_KIND, SUBMISSIONS_KIND } from './sourcebans-submissions';
import { webPermissionCodes } from './sourcebans-web-flags';

// SourceBans++ -> Outpost, idempotently: every imported row is recorded in import_mappings,
// and a second run brings only rows it has no mapping for. Nothing already in Outpost is
// changed: an admin whose Steam id already has an account is linked to it, untouched.
// Every write goes through the owning module's door; large kinds (bans, comm blocks) go in
// batches, one transaction per batch, so an interrupted run resumes where it stopped (the
// job model all importers share: ../import-job.ts).

type Db = Kysely<ImportsTables>;
type Bytes = Buffer | string | null;
type SourceBansSource = MysqlSource;

export const KIND = {
  servers: 'servers',
  roles: 'roles (admin and server groups)',
  admins: 'admins',
  memberships: 'group memberships',
  bans: RESTRICTION_KIND.bans,
  comms: RESTRICTION_KIND.comms,
  comments: NOTE_KIND.comments,
  notes: NOTE_KIND.notes,
  protests: PROTEST_KIND.protests,
  protestComments: PROTEST_KIND.comments,
  submissions: SUBMISSIONS_KIND,
  submissionComments: SUBMISSION_COMMENTS_KIND,
} as const;

export const REASON = {
  ...RESTRICTION_REASON,
  ...NOTE_REASON,
  console: 'the console account (not a person)',
  // Outpost roles hold on every server: granting a group limited to some servers would widen
  // the admin's access, so such a grant is left for staff to decide by hand.
  perServer: 'group granted on some servers only: not granted (Outpost roles apply to every server)',
} as const;

export const REMARK = {
  ...RESTRICTION_REMARK,
  existingUser: 'Steam id already has an Outpost account: linked, left unchanged',
  webFlags: 'web-panel permissions became Outpost codes only where one is an exact equivalent',
} as const;

type Context = RestrictionContext;

export async function importSourceBans(db: Db, source: SourceBansSource, progress: ImportProgress = {}) {
  const summary = summaryOf(progress);
  for (const kind of Object.values(KIND)) summary.declare(kind);
  const context: Context = { db, source, summary, admins: new Map(), servers: new Map() };
  await importServers(context);
  const roles = await importRoles(context);
  await importAdmins(context, roles);
  const step = progressOf(progress, (await countRows(source, 'bans')) + (await countRows(source, 'comms')));
  await importRestrictions(context, 'bans', progress.batchSize ?? DEFAULT_BATCH, step);
  await importRestrictions(context, 'comms', progress.batchSize ?? DEFAULT_BATCH, step);
  await importComments(context);
  await importPlayerNotes(context);
  await importProtests({ db, source, summary, adminOf: (aid, kind) => adminOf(context, aid, kind) });
  await importSubmissions({
    db,
    source,
    summary,
    adminOf: (aid, kind) => adminOf(context, aid, kind),
    serverOf: (sid, kind) => serverOf(context, sid, kind),
  });
  await auditImport(db, summary, 'SourceBans++', source.key);
  return summary;
}

async function countRows(source: SourceBansSource, table: string): Promise<number> {
  if (!(await source.hasTable(table))) return 0;
  const [row] = await source.rows<{ n: number }>(`SELECT COUNT(*) AS n FROM \`{p}${table}\``);
  return Number(row?.n ?? 0);
}

// ---- servers: one Outpost group of type "others" holds every SourceBans++ server

const GAME_OF_MOD: Record<string, string> = {
  tf: 'tf2',
  left4dead2: 'l4d2',
  csgo: 'csgo',
  cs2: 'cs2',
};

async function importServers({ db, source, summary, servers }: Context): Promise<void> {
  const rows = await source.rows<{ sid: number; ip: Bytes; port: number; rcon: Bytes; modfolder: Bytes }>(
    (await source.hasTable('mods'))
      ? 'SELECT s.sid, CAST(s.ip AS BINARY) AS ip, s.port, CAST(s.rcon AS BINARY) AS rcon, CAST(m.modfolder AS BINARY) AS modfolder FROM `{p}servers` s LEFT JOIN `{p}mods` m ON m.mid = s.modid ORDER BY s.sid'
      : 'SELECT sid, CAST(ip AS BINARY) AS ip, port, CAST(rcon AS BINARY) AS rcon, NULL AS modfolder FROM `{p}servers` ORDER BY sid',
  );
  const games = rows.map((row) => GAME_OF_MOD[decodeText(row.modfolder) ?? '']).filter(Boolean) as string[];
  const imported = await importServerList(
    db,
    source.key,
    summary,
    rows.map((row) => ({
      sourceId: row.sid,
      ip: decodeText(row.ip) ?? '',
      port: row.port,
      name: null,
      rcon: decodeText(row.rcon),
    })),
    {
      name: 'SourceBans++ servers',
      description: `Imported from SourceBans++ (${source.key})`,
      game: mostCommon(games) ?? 'csgo',
      summaryKind: KIND.servers,
    },
  );
  for (const [sid, id] of imported) servers.set(sid, id);
}

function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

// ---- roles: server admin groups (SourceMod flags + immunity) and web admin groups

interface Roles {
  /** sb_srvgroups id -> role id. */
  serverGroups: Map<number, string | null>;
  /** sb_srvgroups name -> role id (sb_admins.srv_group names its group). */
  serverGroupsByName: Map<string, string | null>;
  /** sb_groups gid (web groups) -> role id. */
  webGroups: Map<number, string | null>;
}

async function importRoles({ db, source, summary }: Context): Promise<Roles> {
  const roles: Roles = { serverGroups: new Map(), serverGroupsByName: new Map(), webGroups: new Map() };
  const serverGroupRows = (await source.hasTable('srvgroups'))
    ? await source.rows<{ id: number; flags: Bytes; immunity: number; name: Bytes }>(
        'SELECT id, CAST(flags AS BINARY) AS flags, immunity, CAST(name AS BINARY) AS name FROM `{p}srvgroups` ORDER BY id',
      )
    : [];
  const webGroupRows = (await source.hasTable('groups'))
    ? await source.rows<{ gid: number; name: Bytes; flags: number }>(
        // type 1: web-panel admin groups; type 3 groups servers (all go to one Outpost group).
        'SELECT gid, CAST(name AS BINARY) AS name, flags FROM `{p}groups` WHERE type = 1 ORDER BY gid',
      )
    : [];
  const knownServer = await mappingsOf(db, source.key, 'srvgroup');
  const knownWeb = await mappingsOf(db, source.key, 'webgroup');
  await db.transaction().execute(async (trx) => {
    const serverPairs: [number, string][] = [];
    for (const row of serverGroupRows) {
      const name = decodeText(row.name) ?? '';
      let id = knownServer.get(row.id) ?? null;
      if (!knownServer.has(row.id)) {
        id = newId();
        await accountsService.insertRole(trx, {
          id,
          name: await freeRoleName(trx, name, 'SourceBans++'),
          codes: [],
          flags: sourceModFlags(decodeText(row.flags)),
          immunityLevel: Math.max(0, Number(row.immunity) || 0),
        });
        serverPairs.push([row.id, id]);
      }
      roles.serverGroups.set(row.id, id);
      roles.serverGroupsByName.set(name.toLowerCase(), id);
    }
    const webPairs: [number, string][] = [];
    for (const row of webGroupRows) {
      let id = knownWeb.get(row.gid) ?? null;
      if (!knownWeb.has(row.gid)) {
        id = newId();
        await accountsService.insertRole(trx, {
          id,
          name: await freeRoleName(trx, `${decodeText(row.name) ?? ''} (web)`, 'SourceBans++'),
          codes: webPermissionCodes(row.flags),
          flags: '',
          immunityLevel: 0,
        });
        webPairs.push([row.gid, id]);
      }
      roles.webGroups.set(row.gid, id);
    }
    await recordMappings(trx, source.key, 'srvgroup', serverPairs);
    await recordMappings(trx, source.key, 'webgroup', webPairs);
    summary.imported(KIND.roles, serverPairs.length + webPairs.length);
    if (webPairs.length > 0) summary.remark(KIND.roles, REMARK.webFlags, webPairs.length);
  });
  return roles;
}

// ---- admins: accounts with Steam ids, flags, immunity and group memberships

async function importAdmins({ db, source, summary, admins }: Context, roles: Roles): Promise<void> {
  if (!(await source.hasTable('admins'))) return;
  const rows = await source.rows<{
    aid: number;
    user: Bytes;
    authid: Bytes;
    gid: number;
    srv_group: Bytes;
    srv_flags: Bytes;
    immunity: number;
    extraflags: number;
  }>(
    'SELECT aid, CAST(user AS BINARY) AS user, CAST(authid AS BINARY) AS authid, gid, CAST(srv_group AS BINARY) AS srv_group, CAST(srv_flags AS BINARY) AS srv_flags, immunity, extraflags FROM `{p}admins` ORDER BY aid',
  );
  const grants = (await source.hasTable('admins_servers_groups'))
    ? await source.rows<{ admin_id: number; group_id: number; server_id: number }>(
        'SELECT admin_id, group_id, server_id FROM `{p}admins_servers_groups`',
      )
    : [];
  const known = await mappingsOf(db, source.key, 'admin');
  const pairs: [number, string][] = [];
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      const name = decodeText(row.user) ?? `admin #${row.aid}`;
      if (known.has(row.aid)) {
        admins.set(row.aid, { id: known.get(row.aid) ?? null, name });
        continue;
      }
      const authid = decodeText(row.authid) ?? '';
      if (row.aid === 0 || authid === 'STEAM_ID_SERVER') {
        admins.set(row.aid, { id: null, name: 'Console' });
        summary.skipped(KIND.admins, REASON.console);
        continue;
      }
      const steamid = parseSteamId(authid);
      admins.set(row.aid, { id: null, name });
      if (!steamid) {
        summary.skipped(KIND.admins, REASON.malformedSteamId);
        continue;
      }
      const created = await accountsService.insertImportedUser(trx, {
        steamid,
        name,
        flags: sourceModFlags(decodeText(row.srv_flags)),
        immunity: Math.max(0, Number(row.immunity) || 0),
        permissionCodes: webPermissionCodes(row.extraflags),
      });
      if (!created) {
        const existing = await accountsService.findUserBySteamId(trx, steamid);
        if (!existing) continue;
        admins.set(row.aid, { id: existing.id, name });
        pairs.push([row.aid, existing.id]);
        summary.imported(KIND.admins);
        summary.remark(KIND.admins, REMARK.existingUser);
        continue;
      }
      admins.set(row.aid, { id: created, name });
      pairs.push([row.aid, created]);
      summary.imported(KIND.admins);
      // Memberships only for accounts this import created: existing accounts stay as they are.
      const roleIds = new Set<string>();
      const byName = roles.serverGroupsByName.get((decodeText(row.srv_group) ?? '').toLowerCase());
      if (byName) roleIds.add(byName);
      const web = roles.webGroups.get(row.gid);
      if (web) roleIds.add(web);
      for (const grant of grants.filter((g) => g.admin_id === row.aid)) {
        const role = roles.serverGroups.get(grant.group_id);
        if (!role) continue;
        if (grant.server_id > 0) {
          summary.skipped(KIND.memberships, REASON.perServer);
          continue;
        }
        roleIds.add(role);
      }
      for (const roleId of roleIds) {
        if (await accountsService.addHolder(trx, roleId, created)) summary.imported(KIND.memberships);
      }
    }
    await recordMappings(trx, source.key, 'admin', pairs);
  });
}
