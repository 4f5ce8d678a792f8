import { isIP } from 'node:net';
import { parseSteamId } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import { accountsService } from '../../accounts';
import { accountsBySteamId, importServerList, sourceModFlags, splitAddress } from '../import-accounts';
import {
  auditImport,
  type ConvertedBan,
  convertedBan,
  DEFAULT_BATCH,
  type ImportProgress,
  importRestrictionBatches,
  progressOf,
  summaryOf,
} from '../import-job';
import type { ImportSummary } from '../import-summary';
import { mappingsOf, recordMappings } from '../mappings-repository';
import { decodeText, type MysqlSource, openMysqlSource } from '../mysql-source';
import type { ImportsTables } from '../tables';

// AMXBans (GoldSrc: CS 1.6, DoD, TFC) -> Outpost on the shared job model (../import-job.ts):
// servers (amx_serverinfo), game-server admins (amx_amxadmins, amx_admins_servers) and bans
// (amx_bans). The web panel's own logins (amx_webadmins: passwords, e-mail addresses) and
// visitors' comments (amx_comments: e-mail and IP addresses) are counted and left behind.
// AMXBans writes whatever bytes the game server sent, so text is decoded as SourceBans++'s is.

type Db = Kysely<ImportsTables>;
type Bytes = Buffer | string | null;

export const AMX_KIND = {
  servers: 'servers',
  admins: 'admins',
  bans: 'bans',
  webAdmins: 'web panel logins',
  comments: 'visitors’ comments',
} as const;

export const AMX_REASON = {
  notSteam: 'not identified by a Steam id (name or IP login)',
  expired: 'admin entry expired in AMXBans',
  perServer: 'admin on some servers only: not granted (Outpost admins apply to every server)',
  noTarget: 'neither a valid Steam id nor a valid IP',
  // Private data Outpost never brings over: sign-in is by Steam or Discord, not passwords.
  webLogin: 'web panel login (its password and e-mail address are never imported)',
  comment: 'visitor’s comment (carries the visitor’s e-mail and IP address)',
} as const;

export const AMX_REMARK = {
  existingUser: 'Steam id already has an Outpost account: linked, left unchanged',
  immunity: 'AMX Mod X flag a (immunity) became immunity 100',
  lifted: 'lifted before their end (imported as unbanned)',
  unknownServer: 'server not in amx_serverinfo (kept without a server)',
} as const;

/** AMX Mod X access letters -> SourceMod letters of the same power (custom m-t and z dropped). */
const AMX_TO_SOURCEMOD: Record<string, string> = {
  b: 'a',
  c: 'c',
  d: 'de',
  e: 'f',
  f: 'g',
  g: 'h',
  h: 'i',
  i: 'j',
  j: 'k',
  k: 'l',
  l: 'mz',
  u: 'b',
};

export function amxAccess(access: string | null): { flags: string; immune: boolean } {
  const letters = (access ?? '').toLowerCase();
  const mapped = [...letters].map((letter) => AMX_TO_SOURCEMOD[letter] ?? '').join('');
  return { flags: sourceModFlags(mapped), immune: letters.includes('a') };
}

export function openAmxBans(url: string, prefix = 'amx_'): Promise<MysqlSource> {
  return openMysqlSource(url, prefix, 'amxbans');
}

export async function importAmxBans(db: Db, source: MysqlSource, progress: ImportProgress = {}) {
  const summary = summaryOf(progress);
  for (const kind of Object.values(AMX_KIND)) summary.declare(kind);
  const serverRows = (await source.hasTable('serverinfo'))
    ? await source.rows<{ id: number; hostname: Bytes; address: Bytes; rcon: Bytes }>(
        'SELECT id, CAST(hostname AS BINARY) AS hostname, CAST(address AS BINARY) AS address, CAST(rcon AS BINARY) AS rcon FROM `{p}serverinfo` ORDER BY id',
      )
    : [];
  const servers = await importServerList(
    db,
    source.key,
    summary,
    serverRows.map((row) => ({
      sourceId: row.id,
      ...splitAddress(decodeText(row.address) ?? ''),
      name: decodeText(row.hostname),
      rcon: decodeText(row.rcon),
    })),
    {
      name: 'AMXBans servers',
      description: `Imported from AMXBans (${source.key})`,
      // Outpost's games have no GoldSrc entry; csgo's A2S polling answers GoldSrc servers too.
      game: 'csgo',
      summaryKind: AMX_KIND.servers,
    },
  );
  const serverByAddress = new Map(
    serverRows.map((row) => [decodeText(row.address) ?? '', servers.get(row.id) ?? null]),
  );
  await importAdmins(db, source, summary, new Set(serverRows.map((row) => row.id)));
  for (const [table, kind, reason] of [
    ['webadmins', AMX_KIND.webAdmins, AMX_REASON.webLogin],
    ['comments', AMX_KIND.comments, AMX_REASON.comment],
  ] as const) {
    const count = (await source.hasTable(table)) ? await countRows(source, table) : 0;
    if (count > 0) summary.skipped(kind, reason, count);
  }
  if (await source.hasTable('bans')) {
    const hasEdits = await source.hasTable('bans_edit');
    const admins = await accountsBySteamId(
      db,
      (await source.rows<{ a: Bytes }>('SELECT DISTINCT CAST(admin_id AS BINARY) AS a FROM `{p}bans`')).map((row) =>
        decodeText(row.a),
      ),
    );
    const now = nowSeconds();
    await importRestrictionBatches<BanRow>({
      db,
      sourceKey: source.key,
      mappingKind: 'ban',
      summaryKind: AMX_KIND.bans,
      summary,
      batchSize: progress.batchSize ?? DEFAULT_BATCH,
      step: progressOf(progress, await countRows(source, 'bans')),
      idOf: (row) => row.bid,
      readBatch: (after, limit) =>
        source.rows<BanRow>(
          `SELECT b.bid, CAST(b.player_ip AS BINARY) AS player_ip, CAST(b.player_id AS BINARY) AS player_id,
                  CAST(b.player_nick AS BINARY) AS player_nick, CAST(b.admin_id AS BINARY) AS admin_id,
                  CAST(b.admin_nick AS BINARY) AS admin_nick, CAST(b.ban_type AS BINARY) AS ban_type,
                  CAST(b.ban_reason AS BINARY) AS ban_reason, b.ban_created, b.ban_length,
                  CAST(b.server_ip AS BINARY) AS server_ip, b.expired,
                  ${hasEdits ? '(SELECT MAX(e.edit_time) FROM `{p}bans_edit` e WHERE e.bid = b.bid)' : 'NULL'} AS edited
           FROM \`{p}bans\` b WHERE b.bid > ? ORDER BY b.bid LIMIT ?`,
          [after, limit],
        ),
      convert: (row) => toBan(summary, row, { admins, serverByAddress, now }),
    });
  }
  await auditImport(db, summary, 'AMXBans', source.key);
  return summary;
}

async function countRows(source: MysqlSource, table: string): Promise<number> {
  const [row] = await source.rows<{ n: number }>(`SELECT COUNT(*) AS n FROM \`{p}${table}\``);
  return Number(row?.n ?? 0);
}

/** Admins identified by Steam id, on every server, not expired: accounts with their flags. */
async function importAdmins(db: Db, source: MysqlSource, summary: ImportSummary, serverIds: Set<number>) {
  if (!(await source.hasTable('amxadmins'))) return;
  // The password column is never read.
  const rows = await source.rows<{
    id: number;
    access: Bytes;
    flags: Bytes;
    steamid: Bytes;
    nickname: Bytes;
    expired: number | null;
  }>(
    'SELECT id, CAST(access AS BINARY) AS access, CAST(flags AS BINARY) AS flags, CAST(steamid AS BINARY) AS steamid, CAST(nickname AS BINARY) AS nickname, expired FROM `{p}amxadmins` ORDER BY id',
  );
  const links = (await source.hasTable('admins_servers'))
    ? await source.rows<{ admin_id: number; server_id: number }>('SELECT admin_id, server_id FROM `{p}admins_servers`')
    : [];
  const known = await mappingsOf(db, source.key, 'admin');
  const now = nowSeconds();
  const pairs: [number, string | null][] = [];
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      if (known.has(row.id)) continue;
      const on = new Set(links.filter((link) => link.admin_id === row.id).map((link) => Number(link.server_id)));
      // Connection flag c: the "steamid" column holds a Steam id (else a name or an IP).
      const steamid = (decodeText(row.flags) ?? '').includes('c') ? parseSteamId(decodeText(row.steamid) ?? '') : null;
      const reason = !steamid
        ? AMX_REASON.notSteam
        : Number(row.expired) > 0 && Number(row.expired) < now
          ? AMX_REASON.expired
          : [...serverIds].some((id) => !on.has(id)) || on.size === 0
            ? AMX_REASON.perServer
            : null;
      if (reason || !steamid) {
        summary.skipped(AMX_KIND.admins, reason ?? AMX_REASON.notSteam);
        pairs.push([row.id, null]);
        continue;
      }
      const access = amxAccess(decodeText(row.access));
      if (access.immune) summary.remark(AMX_KIND.admins, AMX_REMARK.immunity);
      const name = decodeText(row.nickname) || steamid;
      const created = await accountsService.insertImportedUser(trx, {
        steamid,
        name,
        flags: access.flags,
        immunity: access.immune ? 100 : 0,
        permissionCodes: [],
      });
      if (!created) summary.remark(AMX_KIND.admins, AMX_REMARK.existingUser);
      pairs.push([row.id, created ?? (await accountsService.findUserBySteamId(trx, steamid))?.id ?? null]);
      summary.imported(AMX_KIND.admins);
    }
    await recordMappings(trx, source.key, 'admin', pairs);
  });
}

interface BanRow {
  bid: number;
  player_ip: Bytes;
  player_id: Bytes;
  player_nick: Bytes;
  admin_id: Bytes;
  admin_nick: Bytes;
  ban_type: Bytes;
  ban_reason: Bytes;
  ban_created: number | null;
  ban_length: number | null;
  server_ip: Bytes;
  expired: number;
  edited: number | null;
}

function toBan(
  summary: ImportSummary,
  row: BanRow,
  seen: { admins: Map<string, string | null>; serverByAddress: Map<string, string | null>; now: number },
): ConvertedBan | null {
  const steamid = parseSteamId(decodeText(row.player_id) ?? '');
  const rawIp = (decodeText(row.player_ip) ?? '').trim();
  const ip = isIP(rawIp) ? rawIp : null;
  if (!steamid && !ip) {
    summary.skipped(AMX_KIND.bans, AMX_REASON.noTarget);
    return null;
  }
  const adminRaw = decodeText(row.admin_id);
  const serverAddress = decodeText(row.server_ip) ?? '';
  // Where it was given. AMXBans has no per-server bans (its plugin checks amx_bans whatever the
  // server), so the ban holds on every server (community scope), unlike SourceBans++'s sid.
  const serverId = seen.serverByAddress.get(serverAddress) ?? null;
  if (serverAddress && !serverId) summary.remark(AMX_KIND.bans, AMX_REMARK.unknownServer);
  const created = Number(row.ban_created) || 0;
  // ban_length is in minutes; 0 is permanent.
  const length = Number(row.ban_length) > 0 ? Number(row.ban_length) * 60 : null;
  const converted = convertedBan({
    type: 'ban',
    steamid,
    ip,
    playerName: decodeText(row.player_nick),
    reason: decodeText(row.ban_reason) ?? '',
    createdAt: created,
    length,
    adminId: adminRaw ? (seen.admins.get(adminRaw) ?? null) : null,
    adminName: decodeText(row.admin_nick) || null,
    serverId,
  });
  const { ban } = converted;
  // expired = 1 before the ban's own end: an admin lifted it (its last edit says when, if any).
  if (Number(row.expired) === 1 && (length === null || created + length > seen.now)) {
    ban.unbannedAt = Number(row.edited) || created;
    ban.unbanReason = 'Lifted in AMXBans';
    summary.remark(AMX_KIND.bans, AMX_REMARK.lifted);
  }
  return converted;
}
