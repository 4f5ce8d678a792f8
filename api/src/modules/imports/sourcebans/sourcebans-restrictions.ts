import { isIP } from 'node:net';
import { parseSteamId } from '@outpost/contracts';
import type { ImportedBan } from '../../players-bans-notes';
import { type ConvertedBan, importRestrictionBatches } from '../import-job';
import type { ImportSummary } from '../import-summary';
import { decodeText, type MysqlSource } from '../mysql-source';

// SourceBans++ bans (sb_bans) and SourceComms blocks (sb_comms) as Outpost bans, read in
// batches through the shared job (import-job.ts).

type Bytes = Buffer | string | null;

export const RESTRICTION_KIND = { bans: 'bans', comms: 'comm blocks' } as const;

export const RESTRICTION_REASON = {
  malformedSteamId: 'malformed Steam id',
  ipBanWithoutIp: 'IP ban without a valid IP',
  unknownCommType: 'unknown comm block type',
} as const;

export const RESTRICTION_REMARK = {
  deletedAdmin: 'admin no longer in SourceBans++ (kept by name only)',
  deletedServer: 'server no longer in SourceBans++ (kept for all servers, without a server)',
  session: 'session-long blocks (imported as ended)',
} as const;

export interface Who {
  id: string | null;
  name: string | null;
}

/** What the rest of the SourceBans++ import resolved before the bans: admins and servers. */
export interface RestrictionContext {
  db: Parameters<typeof importRestrictionBatches>[0]['db'];
  source: MysqlSource;
  summary: ImportSummary;
  /** SourceBans++ aid -> who, for bans, unbans and comments. */
  admins: Map<number, { id: string | null; name: string }>;
  /** SourceBans++ sid -> Outpost server id. */
  servers: Map<number, string | null>;
}

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

export async function importRestrictions(
  context: RestrictionContext,
  table: 'bans' | 'comms',
  batchSize: number,
  step: (n: number) => void,
): Promise<void> {
  const { db, source, summary } = context;
  if (!(await source.hasTable(table))) return;
  const ipColumn = table === 'bans' ? 'CAST(ip AS BINARY) AS ip,' : '';
  await importRestrictionBatches<RestrictionRow>({
    db,
    sourceKey: source.key,
    mappingKind: table === 'bans' ? 'ban' : 'comm',
    summaryKind: RESTRICTION_KIND[table],
    summary,
    batchSize,
    step,
    idOf: (row) => row.bid,
    readBatch: (after, limit) =>
      source.rows<RestrictionRow>(
        `SELECT bid, ${ipColumn} CAST(authid AS BINARY) AS authid, CAST(name AS BINARY) AS name, created, ends, length,
                CAST(reason AS BINARY) AS reason, aid, sid, RemovedBy, CAST(RemoveType AS BINARY) AS RemoveType, RemovedOn,
                type, CAST(ureason AS BINARY) AS ureason
         FROM \`{p}${table}\` WHERE bid > ? ORDER BY bid LIMIT ?`,
        [after, limit],
      ),
    convert: (row) => (table === 'bans' ? toBan(context, row) : toCommBlock(context, row)),
  });
}

export function adminOf(context: RestrictionContext, aid: number | null, kind: string): Who {
  if (aid === null) return { id: null, name: null };
  if (aid === 0) return { id: null, name: 'Console' };
  const admin = context.admins.get(aid);
  if (admin) return admin;
  context.summary.remark(kind, RESTRICTION_REMARK.deletedAdmin);
  return { id: null, name: `SourceBans++ admin #${aid}` };
}

export function serverOf(context: RestrictionContext, sid: number, kind: string): string | null {
  if (!sid) return null; // 0: added on the web panel
  const id = context.servers.get(sid);
  if (id) return id;
  context.summary.remark(kind, RESTRICTION_REMARK.deletedServer);
  return null;
}

/** The common part of a ban and a comm block; null length = permanent. */
function restriction(
  context: RestrictionContext,
  row: RestrictionRow,
  kind: string,
  type: ImportedBan['type'],
): ImportedBan {
  const admin = adminOf(context, row.aid, kind);
  const removeType = (decodeText(row.RemoveType) ?? '').toUpperCase();
  const created = Number(row.created) || 0;
  let length: number | null = Number(row.length) > 0 ? Number(row.length) : null;
  if (Number(row.length) < 0) {
    // SourceComms' session blocks last until the map changes: long over by now.
    length = 0;
    context.summary.remark(kind, RESTRICTION_REMARK.session);
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
  // A ban given on one server (sid != 0) holds on that server only, as in SourceBans++ (issue 25
  // item 3); from the web panel (sid 0), or from a server no longer there, on every server.
  ban.scopeServerId = ban.serverId;
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

function toBan(context: RestrictionContext, row: RestrictionRow): ConvertedBan | null {
  const ip = (decodeText(row.ip ?? null) ?? '').trim();
  const validIp = isIP(ip) ? ip : null;
  if (Number(row.type) === 1) {
    // An IP ban: the address is what is banned.
    if (!validIp) {
      context.summary.skipped(RESTRICTION_KIND.bans, RESTRICTION_REASON.ipBanWithoutIp);
      return null;
    }
    const ban = restriction(context, row, RESTRICTION_KIND.bans, 'ban');
    ban.ip = validIp;
    ban.steamid = parseSteamId(decodeText(row.authid) ?? '');
    return { ban, knownIp: null };
  }
  const steamid = parseSteamId(decodeText(row.authid) ?? '');
  if (!steamid) {
    context.summary.skipped(RESTRICTION_KIND.bans, RESTRICTION_REASON.malformedSteamId);
    return null;
  }
  const ban = restriction(context, row, RESTRICTION_KIND.bans, 'ban');
  ban.steamid = steamid;
  return { ban, knownIp: validIp ? { steamid, ip: validIp, seenAt: ban.createdAt } : null };
}

function toCommBlock(context: RestrictionContext, row: RestrictionRow): ConvertedBan | null {
  const type = COMM_TYPES[Number(row.type)];
  if (!type) {
    context.summary.skipped(RESTRICTION_KIND.comms, RESTRICTION_REASON.unknownCommType);
    return null;
  }
  const steamid = parseSteamId(decodeText(row.authid) ?? '');
  if (!steamid) {
    context.summary.skipped(RESTRICTION_KIND.comms, RESTRICTION_REASON.malformedSteamId);
    return null;
  }
  const ban = restriction(context, row, RESTRICTION_KIND.comms, type);
  ban.steamid = steamid;
  return { ban, knownIp: null };
}
