// Budget (DESIGN section 5, issue 24): 100,000 bans imported in <= 60 s from AMXBans and from
// CS2-SimpleAdmin, and a second run imports nothing. Each peer's database is generated on the
// loopback MariaDB in its published layout (servers, admins, 100,000 bans: permanent, timed,
// lifted, IP-only), then imported through the function its `pnpm outpost import` command runs.

import { importsService } from '../api/src/modules/imports';
import { createAmxBansDatabase } from '../api/src/test-support/amxbans-fixture';
import { createSimpleAdminDatabase, timestamp } from '../api/src/test-support/simpleadmin-fixture';
import type { SourceBansDatabase } from '../api/src/test-support/sourcebans-fixture';
import { BANS, benchImporter } from './import-bench';
import type { BenchResult } from './run';

const SERVERS = 20;
const ADMINS = 200;
const NOW = Math.floor(Date.now() / 1000);
const steam2 = (i: number) => `STEAM_0:${i % 2}:${i * 7}`;
const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function fillAmxBans(amx: SourceBansDatabase): Promise<void> {
  await amx.insert(
    'serverinfo',
    Array.from({ length: SERVERS }, (_, i) => ({ id: i + 1, hostname: `cs ${i}`, address: `192.0.2.${i + 1}:27015` })),
  );
  const admins = Array.from({ length: ADMINS }, (_, i) => ({
    id: i + 1,
    access: 'bcdefu',
    flags: 'ce',
    steamid: `STEAM_0:0:${100000 + i}`,
    nickname: `admin${i}`,
    expired: 0,
  }));
  await amx.insert('amxadmins', admins);
  await amx.insert(
    'admins_servers',
    admins.flatMap((admin) => Array.from({ length: SERVERS }, (_, s) => ({ admin_id: admin.id, server_id: s + 1 }))),
  );
  const rows: Record<string, unknown>[] = [];
  for (let i = 1; i <= BANS; i++) {
    const ipOnly = i % 50 === 0;
    rows.push({
      bid: i,
      player_ip: ip(i),
      player_id: ipOnly ? '' : steam2(i),
      player_nick: `Player ${i} ü`,
      admin_id: `STEAM_0:0:${100000 + (i % (ADMINS + 5))}`,
      admin_nick: `admin${i % ADMINS}`,
      ban_type: ipOnly ? 'I' : 'SI',
      ban_reason: `Reason ${i % 97}`,
      ban_created: NOW - (i % 365) * 86400,
      ban_length: i % 3 === 0 ? 0 : 60 * (i % 48),
      server_ip: `192.0.2.${(i % (SERVERS + 2)) + 1}:27015`,
      expired: i % 10 === 0 ? 1 : 0,
    });
  }
  await amx.insert('bans', rows);
}

async function fillSimpleAdmin(sa: SourceBansDatabase): Promise<void> {
  await sa.connection.query("SET time_zone = '+00:00'");
  await sa.insert(
    'servers',
    Array.from({ length: SERVERS }, (_, i) => ({ id: i + 1, hostname: `cs2 ${i}`, address: `192.0.2.${i + 1}:27015` })),
  );
  await sa.insert(
    'admins',
    Array.from({ length: ADMINS }, (_, i) => ({
      id: i + 1,
      player_name: `admin${i}`,
      player_steamid: String(76561197960265728n + BigInt(200000 + i)),
      flags: '@css/ban,@css/kick',
      immunity: 10,
      server_id: null,
    })),
  );
  const rows: Record<string, unknown>[] = [];
  for (let i = 1; i <= BANS; i++) {
    const ipOnly = i % 50 === 0;
    const lifted = i % 10 === 0;
    rows.push({
      id: i,
      player_name: `Player ${i} ü`,
      player_steamid: ipOnly ? null : String(76561197960265728n + BigInt(i * 7)),
      player_ip: ip(i),
      admin_steamid: String(76561197960265728n + BigInt(200000 + (i % (ADMINS + 5)))),
      admin_name: `admin${i % ADMINS}`,
      reason: `Reason ${i % 97}`,
      duration: i % 3 === 0 ? 0 : 60 * (i % 48),
      created: timestamp(NOW - (i % 365) * 86400),
      server_id: (i % (SERVERS + 2)) + 1,
      status: lifted ? 'UNBANNED' : 'ACTIVE',
    });
  }
  await sa.insert('bans', rows);
}

export default async function peerImportsBench(): Promise<BenchResult[]> {
  const amx = await createAmxBansDatabase();
  const results = await benchImporter(
    {
      label: 'AMXBans',
      open: () => importsService.openAmxBans(amx.url, amx.prefix),
      run: (db, source) => importsService.importAmxBans(db, source),
    },
    { fill: () => fillAmxBans(amx), drop: () => amx.drop() },
  );
  const sa = await createSimpleAdminDatabase();
  results.push(
    ...(await benchImporter(
      {
        label: 'CS2-SimpleAdmin',
        open: () => importsService.openSimpleAdmin(sa.url, sa.prefix),
        run: (db, source) => importsService.importSimpleAdmin(db, source),
      },
      { fill: () => fillSimpleAdmin(sa), drop: () => sa.drop() },
    )),
  );
  return results;
}
