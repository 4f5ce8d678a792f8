import type { Kysely } from 'kysely';
import type { ServersTables } from '../tables';
import { addToMapDays, dayOf } from './map-days';
import { bucketStart } from './server-history';

const DAY = 86_400;
const HOUR = 3600;

export interface BackfillServer {
  serverId: string;
  maxPlayers: number;
  maps: readonly string[];
}

interface Minute {
  at: number;
  online: boolean;
  players: number;
}

/**
 * Made-up history for the demo (issue 28 item 5): `days` days of polls per server, written straight
 * into the rollups as the poller would have left them (1-minute buckets for the last 48 hours,
 * 15-minute and daily buckets for every day), with evenings and weekends busier, a short outage
 * now and then and a map change every 40-90 minutes, so the charts are alive at the demo's start.
 * Everything ends before `now`'s minute: the live poller carries on from there.
 */
export async function backfillServerHistory(
  db: Kysely<ServersTables>,
  servers: readonly BackfillServer[],
  options: { days: number; now: number; random: () => number; samplesPerMinute?: number },
): Promise<number> {
  const { days, random } = options;
  const perMinute = options.samplesPerMinute ?? 4;
  const end = bucketStart(options.now, 60);
  const start = bucketStart(end - days * DAY, DAY);
  let written = 0;
  for (const server of servers) {
    const minutes: Minute[] = [];
    const maps: { map: string; started_at: number; ended_at: number }[] = [];
    let mapIndex = 0;
    let mapEnds = start;
    let outageUntil = 0;
    let players = 0;
    for (let at = start; at < end; at += 60) {
      if (at >= mapEnds) {
        if (maps.length > 0) (maps[maps.length - 1] as { ended_at: number }).ended_at = at;
        mapIndex = (mapIndex + 1 + Math.floor(random() * 2)) % Math.max(1, server.maps.length);
        mapEnds = at + (40 + Math.floor(random() * 50)) * 60;
        maps.push({ map: server.maps[mapIndex] ?? 'unknown', started_at: at, ended_at: end });
      }
      if (outageUntil <= at && random() < 1 / (3 * 1440)) outageUntil = at + (5 + Math.floor(random() * 40)) * 60;
      const online = at >= outageUntil;
      const hour = (at % DAY) / HOUR;
      const weekday = Math.floor((at / DAY + 3) % 7); // 0 Monday
      const evening = Math.max(0, Math.cos(((hour - 20) / 24) * 2 * Math.PI));
      const weekend = weekday >= 4 ? 1.25 : 1;
      const target = server.maxPlayers * Math.min(1, (0.08 + 0.75 * evening ** 2) * weekend);
      players = online
        ? Math.max(
            0,
            Math.min(server.maxPlayers, Math.round(players + (target - players) * 0.2 + (random() - 0.5) * 2)),
          )
        : 0;
      minutes.push({ at, online, players });
    }
    const rows = [
      ...rollup(server, minutes, 60, perMinute).filter((row) => row.at >= end - 2 * DAY),
      ...rollup(server, minutes, 900, perMinute),
      ...rollup(server, minutes, DAY, perMinute),
    ];
    for (let i = 0; i < rows.length; i += 500) {
      // A bucket the poller already wrote keeps the poller's figures.
      await db
        .insertInto('server_history')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['server_id', 'bucket_seconds', 'at']).doNothing())
        .execute();
    }
    // The last map is closed too: the live poller opens the map it sees. Maps ended on a finished
    // day go straight into their day rows, as the sweeps would have moved them.
    const today = dayOf(options.now);
    const rowsOf = (list: typeof maps) => list.map((map) => ({ server_id: server.serverId, ...map }));
    await addToMapDays(db, rowsOf(maps.filter((map) => map.ended_at < today)));
    const live = rowsOf(maps.filter((map) => map.ended_at >= today));
    for (let i = 0; i < live.length; i += 500) {
      await db
        .insertInto('server_maps')
        .values(live.slice(i, i + 500))
        .execute();
    }
    written += rows.length;
  }
  return written;
}

function rollup(server: BackfillServer, minutes: readonly Minute[], seconds: number, perMinute: number) {
  const byBucket = new Map<number, Minute[]>();
  for (const minute of minutes) {
    const at = bucketStart(minute.at, seconds);
    const list = byBucket.get(at);
    if (list) list.push(minute);
    else byBucket.set(at, [minute]);
  }
  return [...byBucket].map(([at, list]) => {
    const up = list.filter((minute) => minute.online);
    const counts = up.map((minute) => minute.players);
    return {
      server_id: server.serverId,
      bucket_seconds: seconds,
      at,
      samples: list.length * perMinute,
      online_samples: up.length * perMinute,
      player_samples: up.length * perMinute,
      players_sum: counts.reduce((sum, count) => sum + count, 0) * perMinute,
      players_min: counts.length > 0 ? Math.min(...counts) : null,
      players_max: counts.length > 0 ? Math.max(...counts) : null,
      max_players: up.length > 0 ? server.maxPlayers : null,
    };
  });
}
