import { isIP } from 'node:net';
import { parseSteamId } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { nowSeconds } from '../../../lib/clock';
import { newId } from '../../../lib/tokens';
import { accountsService } from '../../accounts';
import { auditService } from '../../audit';
import { type ImportedBan, type ImportedNote, playersBansNotesService } from '../../players-bans-notes';
import { serversService } from '../../servers';
import { ImportSummary } from '../import-summary';
import { mappingsInRange, mappingsOf, recordMappings } from '../mappings-repository';
import { importProtests, PROTEST_KIND } from './sourcebans-protests';
import { decodeText, type SourceBansSource } from './sourcebans-source';
import { importSubmissions, SUBMISSION_COMMENTS_KIND, SUBMISSIONS_KIND } from './sourcebans-submissions';
import { webPermissionCodes } from './sourcebans-web-flags';

// SourceBans++ -> Outpost, idempotently: every imported row is recorded in import_mappings,
// and a second run brings only rows it has no mapping for. Nothing already in Outpost is
// changed: an admin whose Steam id already has an account is linked to it, untouched.
// Every write goes through the owning module's door; large kinds (bans, comm blocks) go in
// batches, one transaction per batch, so an interrupted run resumes where it stopped.

type Db = Kysely<Database>;
type Bytes = Buffer | string | null;

export interface ImportProgress {
  /** Called as ban and comm block batches are done: rows read so far of all rows. */
  onProgress?(done: number, total: number): void;
  /** Rows read and written per transaction (bans, comm blocks). */
  batchSize?: number;
}

export const KIND = {
  servers: 'servers',
  roles: 'roles (admin and server groups)',
  admins: 'admins',
  memberships: 'group memberships',
  bans: 'bans',
  comms: 'comm blocks',
  comments: 'comments',
  notes: 'player notes',
  protests: PROTEST_KIND.protests,
  protestComments: PROTEST_KIND.comments,
  submissions: SUBMISSIONS_KIND,
  submissionComments: SUBMISSION_COMMENTS_KIND,
} as const;

export const REASON = {
  malformedSteamId: 'malformed Steam id',
  console: 'the console account (not a person)',
  ipBanWithoutIp: 'IP ban without a valid IP',
  unknownCommType: 'unknown comm block type',
  commentTarget: 'its ban or comm block was not imported',
  commentIpOnly: 'on an IP-only ban (Outpost notes belong to a Steam id)',
  // Outpost roles hold on every server: granting a group limited to some servers would widen
  // the admin's access, so such a grant is left for staff to decide by hand.
  perServer: 'group granted on some servers only: not granted (Outpost roles apply to every server)',
} as const;

export const REMARK = {
  deletedAdmin: 'admin no longer in SourceBans++ (kept by name only)',
  deletedServer: 'server no longer in SourceBans++ (kept without a server)',
  existingUser: 'Steam id already has an Outpost account: linked, left unchanged',
  session: 'session-long blocks (imported as ended)',
  webFlags: 'web-panel permissions became Outpost codes only where one is an exact equivalent',
} as const;

const IMPORTER = { id: null, name: 'SourceBans++ import' };

interface Admin {
  id: string | null;
  name: string;
}

interface Context {
  db: Db;
  source: SourceBansSource;
  summary: ImportSummary;
  /** SourceBans++ aid -> who, for bans, unbans and comments. */
  admins: Map<number, Admin>;
  /** SourceBans++ sid -> Outpost server id. */
  servers: Map<number, string | null>;
}

export async function importSourceBans(db: Db, source: SourceBansSource, progress: ImportProgress = {}) {
  const summary = new ImportSummary();
  for (const kind of Object.values(KIND)) summary.declare(kind);
  const context: Context = { db, source, summary, admins: new Map(), servers: new Map() };
  await importServers(context);
  const roles = await importRoles(context);
  await importAdmins(context, roles);
  const total = (await countRows(source, 'bans')) + (await countRows(source, 'comms'));
  let done = 0;
  const step = (n: number) => {
    done += n;
    progress.onProgress?.(done, total);
  };
  progress.onProgress?.(0, total);
  await importRestrictions(context, 'bans', progress.batchSize ?? 3000, step);
  await importRestrictions(context, 'comms', progress.batchSize ?? 3000, step);
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
  if (summary.totalImported() > 0) {
    await auditService.writeAudit(db, {
      client: IMPORTER.id,
      clientName: IMPORTER.name,
      message: `imported from SourceBans++ (${source.key}): ${summary
        .rows()
        .filter((row) => row.imported > 0)
        .map((row) => `${row.imported} ${row.kind}`)
        .join(', ')}`,
    });
  }
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
  const known = await mappingsOf(db, source.key, 'server');
  for (const [sid, id] of known) servers.set(sid, id);
  const fresh = rows.filter((row) => !known.has(row.sid));
  if (fresh.length === 0) return;
  const groups = await mappingsOf(db, source.key, 'server-group');
  let groupId = groups.get(0) ?? null;
  const now = nowSeconds();
  await db.transaction().execute(async (trx) => {
    if (!groupId) {
      groupId = newId();
      const games = rows.map((row) => GAME_OF_MOD[decodeText(row.modfolder) ?? '']).filter(Boolean) as string[];
      await serversService.insertGroup(trx, {
        id: groupId,
        name: 'SourceBans++ servers',
        description: `Imported from SourceBans++ (${source.key})`,
        game: mostCommon(games) ?? 'csgo',
        type: 'others',
        template_id: null,
        actions: '[]',
        created_at: now,
      });
      await recordMappings(trx, source.key, 'server-group', [[0, groupId]]);
    }
    const pairs: [number, string][] = [];
    for (const row of fresh) {
      const id = newId();
      const ip = decodeText(row.ip) ?? '';
      await serversService.insertServer(trx, {
        id,
        group_id: groupId,
        name: `${ip}:${row.port}`.slice(0, 100),
        host: ip,
        ip,
        port: row.port,
        query_port: null,
        rcon_port: null,
        rcon_password: decodeText(row.rcon) || null,
        tags: '[]',
        features: '[]',
        actions: '[]',
        status: null,
        status_updated_at: null,
        created_at: now,
      });
      pairs.push([row.sid, id]);
      servers.set(row.sid, id);
    }
    await recordMappings(trx, source.key, 'server', pairs);
  });
  summary.imported(KIND.servers, fresh.length);
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

async function freeRoleName(db: Db, wanted: string): Promise<string> {
  const base = wanted.trim().slice(0, 80) || 'Unnamed group';
  for (const candidate of [base, `${base} (SourceBans++)`]) {
    if (!(await accountsService.roleNameTaken(db, candidate, null))) return candidate;
  }
  for (let n = 2; ; n++) {
    const candidate = `${base} (SourceBans++ ${n})`;
    if (!(await accountsService.roleNameTaken(db, candidate, null))) return candidate;
  }
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
          name: await freeRoleName(trx, name),
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
          name: await freeRoleName(trx, `${decodeText(row.name) ?? ''} (web)`),
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

/** SourceMod flag letters (a-z), each once, in order; anything else dropped. */
function sourceModFlags(flags: string | null): string {
  const letters = new Set((flags ?? '').toLowerCase().replace(/[^a-z]/g, ''));
  return [...letters].sort().join('');
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

// ---- bans and comm blocks, in batches

interface RestrictionRow {
  bid: number;
  ip?: Bytes;
  authid: Bytes;
  name: Bytes;
  created: number;
  ends: number;
  length: number;
  reason: Bytes;
  aid: number;
  sid: number;
  RemovedBy: number | null;
  RemoveType: Bytes;
  RemovedOn: number | null;
  type: number;
  ureason: Bytes;
}

const COMM_TYPES: Record<number, ImportedBan['type']> = { 1: 'mute', 2: 'gag', 3: 'silence' };

async function importRestrictions(
  context: Context,
  table: 'bans' | 'comms',
  batchSize: number,
  step: (n: number) => void,
): Promise<void> {
  const { db, source } = context;
  if (!(await source.hasTable(table))) return;
  const kind = table === 'bans' ? 'ban' : 'comm';
  const ipColumn = table === 'bans' ? 'CAST(ip AS BINARY) AS ip,' : '';
  let after = -1;
  for (;;) {
    const rows = await source.rows<RestrictionRow>(
      `SELECT bid, ${ipColumn} CAST(authid AS BINARY) AS authid, CAST(name AS BINARY) AS name, created, ends, length,
              CAST(reason AS BINARY) AS reason, aid, sid, RemovedBy, CAST(RemoveType AS BINARY) AS RemoveType, RemovedOn,
              type, CAST(ureason AS BINARY) AS ureason
       FROM \`{p}${table}\` WHERE bid > ? ORDER BY bid LIMIT ?`,
      [after, batchSize],
    );
    if (rows.length === 0) return;
    after = (rows[rows.length - 1] as RestrictionRow).bid;
    const known = await mappingsInRange(db, source.key, kind, (rows[0] as RestrictionRow).bid, after);
    const fresh = rows.filter((row) => !known.has(row.bid));
    const converted: {
      bid: number;
      ban: ImportedBan;
      knownIp: { steamid: string; ip: string; seenAt: number } | null;
    }[] = [];
    for (const row of fresh) {
      const result = table === 'bans' ? toBan(context, row) : toCommBlock(context, row);
      if (result) converted.push({ bid: row.bid, ...result });
    }
    if (converted.length > 0) {
      await db.transaction().execute(async (trx) => {
        const ids = await playersBansNotesService.importHistory.bans(
          trx,
          converted.map((c) => c.ban),
        );
        await recordMappings(
          trx,
          source.key,
          kind,
          converted.map((c, i) => [c.bid, String(ids[i])] as const),
        );
        const ips = converted.flatMap((c) => (c.knownIp ? [c.knownIp] : []));
        if (ips.length > 0) await playersBansNotesService.importHistory.playerIps(trx, ips);
      });
      context.summary.imported(table === 'bans' ? KIND.bans : KIND.comms, converted.length);
    }
    step(rows.length);
  }
}

function adminOf(context: Context, aid: number | null, kind: string): { id: string | null; name: string | null } {
  if (aid === null) return { id: null, name: null };
  if (aid === 0) return { id: null, name: 'Console' };
  const admin = context.admins.get(aid);
  if (admin) return admin;
  context.summary.remark(kind, REMARK.deletedAdmin);
  return { id: null, name: `SourceBans++ admin #${aid}` };
}

function serverOf(context: Context, sid: number, kind: string): string | null {
  if (!sid) return null; // 0: added on the web panel
  const id = context.servers.get(sid);
  if (id) return id;
  context.summary.remark(kind, REMARK.deletedServer);
  return null;
}

/** The common part of a ban and a comm block; null length = permanent. */
function restriction(context: Context, row: RestrictionRow, kind: string, type: ImportedBan['type']): ImportedBan {
  const admin = adminOf(context, row.aid, kind);
  const removeType = (decodeText(row.RemoveType) ?? '').toUpperCase();
  const created = Number(row.created) || 0;
  let length: number | null = Number(row.length) > 0 ? Number(row.length) : null;
  if (Number(row.length) < 0) {
    // SourceComms' session blocks last until the map changes: long over by now.
    length = 0;
    context.summary.remark(kind, REMARK.session);
  }
  const ban: ImportedBan = {
    type,
    steamid: null,
    ip: null,
    playerName: (decodeText(row.name) ?? '').slice(0, 128) || null,
    reason: decodeText(row.reason) ?? '',
    createdAt: created,
    length,
    adminId: admin.id,
    adminName: admin.name,
    serverId: serverOf(context, Number(row.sid), kind),
    unbannedAt: null,
    unbannedById: null,
    unbannedByName: null,
    unbanReason: null,
  };
  // U: lifted by an admin; D: deleted from the list (no longer enforced). E: ran out, which
  // the length already says, unless the row was permanent.
  if (removeType === 'U' || removeType === 'D' || (removeType === 'E' && length === null)) {
    const by = adminOf(context, row.RemovedBy, kind);
    ban.unbannedAt = Number(row.RemovedOn) || created;
    ban.unbannedById = by.id;
    ban.unbannedByName = by.name;
    ban.unbanReason =
      decodeText(row.ureason) ||
      (removeType === 'D' ? 'Deleted in SourceBans++' : removeType === 'E' ? 'Expired in SourceBans++' : '');
  }
  return ban;
}

function toBan(
  context: Context,
  row: RestrictionRow,
): { ban: ImportedBan; knownIp: { steamid: string; ip: string; seenAt: number } | null } | null {
  const ip = (decodeText(row.ip ?? null) ?? '').trim();
  const validIp = isIP(ip) ? ip : null;
  if (Number(row.type) === 1) {
    // An IP ban: the address is what is banned.
    if (!validIp) {
      context.summary.skipped(KIND.bans, REASON.ipBanWithoutIp);
      return null;
    }
    const ban = restriction(context, row, KIND.bans, 'ban');
    ban.ip = validIp;
    ban.steamid = parseSteamId(decodeText(row.authid) ?? '');
    return { ban, knownIp: null };
  }
  const steamid = parseSteamId(decodeText(row.authid) ?? '');
  if (!steamid) {
    context.summary.skipped(KIND.bans, REASON.malformedSteamId);
    return null;
  }
  const ban = restriction(context, row, KIND.bans, 'ban');
  ban.steamid = steamid;
  return { ban, knownIp: validIp ? { steamid, ip: validIp, seenAt: ban.createdAt } : null };
}

function toCommBlock(context: Context, row: RestrictionRow): { ban: ImportedBan; knownIp: null } | null {
  const type = COMM_TYPES[Number(row.type)];
  if (!type) {
    context.summary.skipped(KIND.comms, REASON.unknownCommType);
    return null;
  }
  const steamid = parseSteamId(decodeText(row.authid) ?? '');
  if (!steamid) {
    context.summary.skipped(KIND.comms, REASON.malformedSteamId);
    return null;
  }
  const ban = restriction(context, row, KIND.comms, type);
  ban.steamid = steamid;
  return { ban, knownIp: null };
}

// ---- comments on bans and comm blocks -> staff-only notes on the player

async function importComments(context: Context): Promise<void> {
  const { db, source, summary } = context;
  if (!(await source.hasTable('comments'))) return;
  const rows = await source.rows<{
    cid: number;
    bid: number;
    type: Bytes;
    aid: number;
    commenttxt: Bytes;
    added: number;
  }>(
    "SELECT cid, bid, CAST(type AS BINARY) AS type, aid, CAST(commenttxt AS BINARY) AS commenttxt, added FROM `{p}comments` WHERE type IN ('B', 'C') ORDER BY cid",
  );
  const known = await mappingsOf(db, source.key, 'comment');
  const fresh = rows.filter((row) => !known.has(row.cid));
  if (fresh.length === 0) return;
  const bans = await mappingsOf(db, source.key, 'ban');
  const comms = await mappingsOf(db, source.key, 'comm');
  const targets = await playersBansNotesService.importHistory.banSteamIds(
    db,
    [...new Set(fresh.map((row) => (decodeText(row.type) === 'C' ? comms : bans).get(row.bid)).filter(Boolean))].map(
      Number,
    ),
  );
  const notes: { cid: number; note: ImportedNote }[] = [];
  for (const row of fresh) {
    const isComm = decodeText(row.type) === 'C';
    const banId = (isComm ? comms : bans).get(row.bid);
    const target = banId ? targets.get(Number(banId)) : undefined;
    if (target === undefined) {
      summary.skipped(KIND.comments, REASON.commentTarget);
      continue;
    }
    if (target === null) {
      summary.skipped(KIND.comments, REASON.commentIpOnly);
      continue;
    }
    const author = adminOf(context, row.aid, KIND.comments);
    notes.push({
      cid: row.cid,
      note: {
        steamid: target,
        body: `SourceBans++ comment on ${isComm ? 'comm block' : 'ban'} #${banId}:\n\n${decodeText(row.commenttxt) ?? ''}`,
        authorId: author.id,
        authorName: author.name,
        createdAt: Number(row.added) || nowSeconds(),
      },
    });
  }
  if (notes.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const ids = await playersBansNotesService.importHistory.notes(
      trx,
      notes.map((n) => n.note),
    );
    await recordMappings(
      trx,
      source.key,
      'comment',
      notes.map((n, i) => [n.cid, String(ids[i])] as const),
    );
  });
  summary.imported(KIND.comments, notes.length);
}

// ---- player notes (sb_notes, newer SourceBans++ releases) -> staff-only notes

async function importPlayerNotes(context: Context): Promise<void> {
  const { db, source, summary } = context;
  if (!(await source.hasTable('notes'))) return;
  const rows = await source.rows<{ nid: number; steam_id: Bytes; aid: number; body: Bytes; created: number }>(
    'SELECT nid, CAST(steam_id AS BINARY) AS steam_id, aid, CAST(body AS BINARY) AS body, created FROM `{p}notes` ORDER BY nid',
  );
  const known = await mappingsOf(db, source.key, 'note');
  const notes: { nid: number; note: ImportedNote }[] = [];
  for (const row of rows) {
    if (known.has(row.nid)) continue;
    const steamid = parseSteamId(decodeText(row.steam_id) ?? '');
    if (!steamid) {
      summary.skipped(KIND.notes, REASON.malformedSteamId);
      continue;
    }
    const author = adminOf(context, row.aid, KIND.notes);
    notes.push({
      nid: row.nid,
      note: {
        steamid,
        body: decodeText(row.body) ?? '',
        authorId: author.id,
        authorName: author.name,
        createdAt: Number(row.created) || nowSeconds(),
      },
    });
  }
  if (notes.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const ids = await playersBansNotesService.importHistory.notes(
      trx,
      notes.map((n) => n.note),
    );
    await recordMappings(
      trx,
      source.key,
      'note',
      notes.map((n, i) => [n.nid, String(ids[i])] as const),
    );
  });
  summary.imported(KIND.notes, notes.length);
}
