import { parseSteamId } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import { newId } from '../../lib/tokens';
import { accountsService } from '../accounts';
import { serversService } from '../servers';
import type { ImportSummary } from './import-summary';
import { mappingsOf, recordMappings } from './mappings-repository';
import type { ImportsTables } from './tables';

// What every importer does alike with servers and roles: the old panel's servers go into one
// Outpost group of type "others" (staff sort them later), and its groups become roles whose
// names never clash with a role already there.

type Db = Kysely<ImportsTables>;

export interface ServerListRow {
  sourceId: number;
  ip: string;
  port: number;
  name: string | null;
  rcon: string | null;
}

export interface ServerGroupSpec {
  name: string;
  description: string;
  game: string;
  summaryKind: string;
}

/** Imports the servers it has no mapping for; answers source id -> Outpost server id for all. */
export async function importServerList(
  db: Db,
  sourceKey: string,
  summary: ImportSummary,
  rows: readonly ServerListRow[],
  group: ServerGroupSpec,
): Promise<Map<number, string | null>> {
  const servers = await mappingsOf(db, sourceKey, 'server');
  const fresh = rows.filter((row) => !servers.has(row.sourceId));
  if (fresh.length === 0) return servers;
  let groupId = (await mappingsOf(db, sourceKey, 'server-group')).get(0) ?? null;
  const now = nowSeconds();
  await db.transaction().execute(async (trx) => {
    if (!groupId) {
      groupId = newId();
      await serversService.insertGroup(trx, {
        id: groupId,
        name: group.name,
        description: group.description,
        game: group.game,
        type: 'others',
        template_id: null,
        actions: '[]',
        created_at: now,
      });
      await recordMappings(trx, sourceKey, 'server-group', [[0, groupId]]);
    }
    const pairs: [number, string][] = [];
    for (const row of fresh) {
      const id = newId();
      await serversService.insertServer(trx, {
        id,
        group_id: groupId,
        name: (row.name?.trim() || `${row.ip}:${row.port}`).slice(0, 100),
        host: row.ip,
        ip: row.ip,
        port: row.port,
        query_port: null,
        rcon_port: null,
        rcon_password: row.rcon || null,
        tags: '[]',
        features: '[]',
        actions: '[]',
        status: null,
        status_updated_at: null,
        created_at: now,
      });
      pairs.push([row.sourceId, id]);
      servers.set(row.sourceId, id);
    }
    await recordMappings(trx, sourceKey, 'server', pairs);
  });
  summary.imported(group.summaryKind, fresh.length);
  return servers;
}

/** "host:port" (AMXBans, CS2-SimpleAdmin) as ip and port; the game port 27015 when none is given. */
export function splitAddress(address: string): { ip: string; port: number } {
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(address.trim());
  return { ip: match?.[1] ?? '', port: match?.[2] ? Number(match[2]) : 27015 };
}

/** The wanted role name, or it marked with the panel it came from (and a number) when taken. */
export async function freeRoleName(db: Db, wanted: string, panel: string): Promise<string> {
  const base = wanted.trim().slice(0, 80) || 'Unnamed group';
  for (const candidate of [base, `${base} (${panel})`]) {
    if (!(await accountsService.roleNameTaken(db, candidate, null))) return candidate;
  }
  for (let n = 2; ; n++) {
    const candidate = `${base} (${panel} ${n})`;
    if (!(await accountsService.roleNameTaken(db, candidate, null))) return candidate;
  }
}

/** Steam ids as the old panel wrote them -> the Outpost account of each (null: none), looked up once. */
export async function accountsBySteamId(db: Db, raws: Iterable<string | null>): Promise<Map<string, string | null>> {
  const accounts = new Map<string, string | null>();
  for (const raw of new Set(raws)) {
    if (raw === null) continue;
    const steamid = parseSteamId(raw);
    accounts.set(raw, steamid ? ((await accountsService.findUserBySteamId(db, steamid))?.id ?? null) : null);
  }
  return accounts;
}

/** SourceMod flag letters (a-z), each once, in order; anything else dropped. */
export function sourceModFlags(flags: string | null): string {
  const letters = new Set((flags ?? '').toLowerCase().replace(/[^a-z]/g, ''));
  return [...letters].sort().join('');
}
