import { isIP } from 'node:net';
import { parseSteamId } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import type { ImportedBan, ImportedNote } from '../../players-bans-notes';
import { accountsBySteamId, importServerList, splitAddress } from '../import-accounts';
import {
  auditImport,
  type ConvertedBan,
  convertedBan,
  DEFAULT_BATCH,
  type ImportProgress,
  importNotes,
  importRestrictionBatches,
  progressOf,
  summaryOf,
} from '../import-job';
import type { ImportSummary } from '../import-summary';
import { mappingsOf } from '../mappings-repository';
import { type MysqlSource, openMysqlSource } from '../mysql-source';
import type { ImportsTables } from '../tables';
import { ADMIN_KIND, importAdmins, importGroups } from './simpleadmin-admins';

// CS2-SimpleAdmin (and css-bans / CSS-Panel, which read its database) -> Outpost, on the
// shared job model (../import-job.ts): servers, groups, admins, bans, mutes/gags/silences and
// warnings. Nothing already in Outpost is changed; no password or e-mail exists in this
// database to leave behind, and player IPs are kept only as known addresses of a Steam id.

type Db = Kysely<ImportsTables>;

export const SA_KIND = {
  servers: 'servers',
  ...ADMIN_KIND,
  bans: 'bans',
  comms: 'comm blocks (mutes, gags, silences)',
  warnings: 'warnings (as staff notes)',
} as const;

export const SA_REASON = {
  noTarget: 'neither a valid Steam id nor a valid IP',
  malformedSteamId: 'malformed Steam id',
  unknownType: 'unknown mute type',
} as const;

export const SA_REMARK = {
  // CS2-SimpleAdmin's MultiServerMode (on by default) enforces a ban or block on every server
  // sharing the database; off, only on the server it was given on (its checks add
  // `server_id = @ServerId`). The importer is told which (--multi-server-mode), on by default.
  serverScope:
    'issued on one server: enforced on every server (MultiServerMode on; --multi-server-mode off holds it to its server)',
  serverHeld: 'issued on one server: held to that server (MultiServerMode off)',
  deletedServer: 'server no longer in CS2-SimpleAdmin (kept without a server)',
  playtime: 'playtime-counted blocks (imported with their length as wall-clock time)',
} as const;

/** How the source ran. multiServerMode: CS2-SimpleAdmin's setting of that name (default on). */
export interface SimpleAdminOptions {
  multiServerMode?: boolean;
}

const MUTE_TYPES: Record<string, ImportedBan['type']> = { GAG: 'gag', MUTE: 'mute', SILENCE: 'silence' };

export function openSimpleAdmin(url: string, prefix = 'sa_'): Promise<MysqlSource> {
  return openMysqlSource(url, prefix, 'simpleadmin');
}

interface Context {
  db: Db;
  source: MysqlSource;
  summary: ImportSummary;
  servers: Map<number, string | null>;
  /** Admin Steam id -> Outpost account id (null: none), looked up once each. */
  accounts: Map<string, string | null>;
  /** sa_admins id -> Steam id and name, for who lifted a ban. */
  adminSteamIds: Map<number, { steamid: string; name: string }>;
  /** Off: a ban or block given on a server holds there only (its scope is that server). */
  multiServerMode: boolean;
}

export async function importSimpleAdmin(
  db: Db,
  source: MysqlSource,
  progress: ImportProgress = {},
  options: SimpleAdminOptions = {},
) {
  const summary = summaryOf(progress);
  for (const kind of Object.values(SA_KIND)) summary.declare(kind);
  const now = nowSeconds();
  const serverRows = (await source.hasTable('servers'))
    ? await source.rows<{ id: number; hostname: string; address: string }>(
        'SELECT id, hostname, address FROM `{p}servers` ORDER BY id',
      )
    : [];
  const servers = await importServerList(
    db,
    source.key,
    summary,
    serverRows.map((row) => ({ sourceId: row.id, ...splitAddress(row.address), name: row.hostname, rcon: null })),
    {
      name: 'CS2-SimpleAdmin servers',
      description: `Imported from CS2-SimpleAdmin (${source.key})`,
      game: 'cs2',
      summaryKind: SA_KIND.servers,
    },
  );
  await importAdmins(db, source, summary, await importGroups(db, source, summary), now);
  const adminSteamIds = new Map<number, { steamid: string; name: string }>();
  if (await source.hasTable('admins')) {
    const rows = await source.rows<{ id: number; player_steamid: string; player_name: string }>(
      'SELECT id, player_steamid, player_name FROM `{p}admins`',
    );
    for (const row of rows) adminSteamIds.set(row.id, { steamid: row.player_steamid, name: row.player_name });
  }
  const context: Context = {
    db,
    source,
    summary,
    servers,
    accounts: new Map(),
    adminSteamIds,
    multiServerMode: options.multiServerMode ?? true,
  };
  await resolveAccounts(context);
  let total = 0;
  for (const table of ['bans', 'mutes']) {
    if (!(await source.hasTable(table))) continue;
    const [row] = await source.rows<{ n: number }>(`SELECT COUNT(*) AS n FROM \`{p}${table}\``);
    total += Number(row?.n ?? 0);
  }
  const step = progressOf(progress, total);
  for (const table of ['bans', 'mutes'] as const) {
    if (!(await source.hasTable(table))) continue;
    await importRestrictionBatches<Row>({
      db,
      sourceKey: source.key,
      mappingKind: table === 'bans' ? 'ban' : 'mute',
      summaryKind: table === 'bans' ? SA_KIND.bans : SA_KIND.comms,
      summary,
      batchSize: progress.batchSize ?? DEFAULT_BATCH,
      step,
      idOf: (row) => row.id,
      readBatch: async (after, limit) => source.rows<Row>(await restrictionSql(source, table), [after, limit]),
      convert: (row) => convert(context, table, row),
    });
  }
  await importWarnings(context);
  await auditImport(db, summary, 'CS2-SimpleAdmin', source.key);
  return summary;
}

interface Row {
  id: number;
  player_name: string | null;
  player_steamid: string | null;
  player_ip: string | null;
  admin_steamid: string;
  admin_name: string;
  reason: string;
  duration: number;
  created: number;
  server_id: number | null;
  status: string;
  type: string | null;
  passed: number | null;
  lifted_by: number | null;
  lifted_reason: string | null;
  lifted_at: number | null;
}

async function restrictionSql(source: MysqlSource, table: 'bans' | 'mutes'): Promise<string> {
  const lifts = table === 'bans' ? 'unbans' : 'unmutes';
  const link = table === 'bans' ? 'unban_id' : 'unmute_id';
  const lifted = (await source.hasTable(lifts))
    ? `l.admin_id AS lifted_by, l.reason AS lifted_reason, CAST(UNIX_TIMESTAMP(l.date) AS SIGNED) AS lifted_at
       FROM \`{p}${table}\` r LEFT JOIN \`{p}${lifts}\` l ON l.id = r.${link}`
    : `NULL AS lifted_by, NULL AS lifted_reason, NULL AS lifted_at FROM \`{p}${table}\` r`;
  const own = table === 'bans' ? 'r.player_ip, NULL AS type, NULL AS passed' : 'NULL AS player_ip, r.type, r.passed';
  return `SELECT r.id, r.player_name, r.player_steamid, ${own}, r.admin_steamid, r.admin_name, r.reason, r.duration,
            CAST(UNIX_TIMESTAMP(r.created) AS SIGNED) AS created, r.server_id, r.status, ${lifted}
          WHERE r.id > ? ORDER BY r.id LIMIT ?`;
}

/** Every admin Steam id the bans, mutes and warnings name, resolved to accounts once. */
async function resolveAccounts(context: Context): Promise<void> {
  const ids = new Set<string>([...context.adminSteamIds.values()].map((admin) => admin.steamid));
  for (const table of ['bans', 'mutes', 'warns']) {
    if (!(await context.source.hasTable(table))) continue;
    const rows = await context.source.rows<{ s: string }>(`SELECT DISTINCT admin_steamid AS s FROM \`{p}${table}\``);
    for (const row of rows) ids.add(row.s);
  }
  for (const [raw, id] of await accountsBySteamId(context.db, ids)) context.accounts.set(raw, id);
}

function who(context: Context, steamid: string | null, name: string | null): { id: string | null; name: string } {
  if (!steamid || steamid === '0' || steamid.toLowerCase() === 'console') return { id: null, name: 'Console' };
  return { id: context.accounts.get(steamid) ?? null, name: name || steamid };
}

function convert(context: Context, table: 'bans' | 'mutes', row: Row): ConvertedBan | null {
  const kind = table === 'bans' ? SA_KIND.bans : SA_KIND.comms;
  const type = table === 'bans' ? 'ban' : MUTE_TYPES[(row.type ?? '').toUpperCase()];
  if (!type) {
    context.summary.skipped(kind, SA_REASON.unknownType);
    return null;
  }
  const steamid = parseSteamId(row.player_steamid ?? '');
  const ip = isIP((row.player_ip ?? '').trim()) ? (row.player_ip ?? '').trim() : null;
  if (!steamid && !(table === 'bans' && ip)) {
    context.summary.skipped(kind, table === 'bans' ? SA_REASON.noTarget : SA_REASON.malformedSteamId);
    return null;
  }
  const admin = who(context, row.admin_steamid, row.admin_name);
  let serverId: string | null = null;
  if (row.server_id !== null) {
    serverId = context.servers.get(Number(row.server_id)) ?? null;
    context.summary.remark(
      kind,
      !serverId ? SA_REMARK.deletedServer : context.multiServerMode ? SA_REMARK.serverScope : SA_REMARK.serverHeld,
    );
  }
  if (row.passed !== null && table === 'mutes') context.summary.remark(kind, SA_REMARK.playtime);
  const created = Number(row.created) || 0;
  const length = Number(row.duration) > 0 ? Number(row.duration) * 60 : null;
  const converted = convertedBan({
    type,
    steamid,
    ip,
    playerName: row.player_name,
    reason: row.reason ?? '',
    createdAt: created,
    length,
    adminId: admin.id,
    adminName: admin.name,
    serverId,
  });
  const { ban } = converted;
  // MultiServerMode off: the source enforced it on its server only (issue 25 item 3).
  if (!context.multiServerMode && serverId) ban.scopeServerId = serverId;
  const status = (row.status ?? '').toUpperCase();
  if (status === 'UNBANNED' || status === 'UNMUTED' || (status === 'EXPIRED' && length === null)) {
    // admin_id 0 (or one since removed): the console, as CS2-SimpleAdmin records it.
    const liftedBy = row.lifted_by === null ? null : context.adminSteamIds.get(Number(row.lifted_by));
    const by =
      row.lifted_by === null
        ? { id: null, name: null }
        : who(context, liftedBy?.steamid ?? null, liftedBy?.name ?? null);
    ban.unbannedAt = Number(row.lifted_at) || created;
    ban.unbannedById = by.id;
    ban.unbannedByName = by.name;
    ban.unbanReason = row.lifted_reason || (status === 'EXPIRED' ? 'Expired in CS2-SimpleAdmin' : '');
  }
  return converted;
}

/** Warnings -> staff-only notes on the player (Outpost has no warning of its own). */
async function importWarnings(context: Context): Promise<void> {
  const { db, source, summary } = context;
  if (!(await source.hasTable('warns'))) return;
  const rows = await source.rows<Row>(
    'SELECT id, player_steamid, admin_steamid, admin_name, reason, duration, CAST(UNIX_TIMESTAMP(created) AS SIGNED) AS created, status FROM `{p}warns` ORDER BY id',
  );
  const known = await mappingsOf(db, source.key, 'warn');
  const notes: { sourceId: number; note: ImportedNote }[] = [];
  for (const row of rows) {
    if (known.has(row.id)) continue;
    const steamid = parseSteamId(row.player_steamid ?? '');
    if (!steamid) {
      summary.skipped(SA_KIND.warnings, SA_REASON.malformedSteamId);
      continue;
    }
    const author = who(context, row.admin_steamid, row.admin_name);
    const lasting = Number(row.duration) > 0 ? `${row.duration} minutes` : 'permanent';
    notes.push({
      sourceId: row.id,
      note: {
        steamid,
        body: `CS2-SimpleAdmin warning (${lasting}, ${(row.status || 'ACTIVE').toLowerCase()}): ${row.reason ?? ''}`,
        authorId: author.id,
        authorName: author.name,
        createdAt: Number(row.created) || nowSeconds(),
      },
    });
  }
  summary.imported(SA_KIND.warnings, await importNotes(db, source.key, 'warn', notes));
}
