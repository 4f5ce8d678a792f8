import { randomBytes } from 'node:crypto';
import type { Game } from '@outpost/contracts';
import { startA2sServer } from '../protocols/servers/a2s-server';
import { startMinecraftStatusServer } from '../protocols/servers/minecraft-status-server';
import { startRconServer } from '../protocols/servers/rcon-server';
import type { WorldServer } from './game-world';

// The demo's simulated game servers: one group per game, each server answering its real
// query protocol (A2S or Server List Ping) and, for Source games, RCON, on loopback.

export interface DemoGroup {
  id: string;
  name: string;
  description: string;
  game: Game;
  servers: { id: string; name: string; maps: string[]; maxplayers: number; tags: string[] }[];
}

export const DEMO_GROUPS: readonly DemoGroup[] = [
  {
    id: 'l4d2-coop',
    name: 'Left 4 Dead 2',
    description: 'Campaigns and versus with friends',
    game: 'l4d2',
    servers: [
      {
        id: 'l4d2-coop-1',
        name: 'L4D2 Coop #1',
        maps: ['c1m1_hotel', 'c1m2_streets', 'c2m1_highway', 'c5m1_waterfront'],
        maxplayers: 8,
        tags: ['coop'],
      },
      {
        id: 'l4d2-versus-1',
        name: 'L4D2 Versus #1',
        maps: ['c8m1_apartment', 'c8m2_subway', 'c10m1_caves'],
        maxplayers: 8,
        tags: ['versus', '5+'],
      },
    ],
  },
  {
    id: 'tf2-casual',
    name: 'Team Fortress 2',
    description: 'Casual payload and capture the flag',
    game: 'tf2',
    servers: [
      {
        id: 'tf2-2fort',
        name: 'TF2 2Fort 24/7',
        maps: ['ctf_2fort', 'pl_badwater', 'cp_badlands'],
        maxplayers: 24,
        tags: ['casual'],
      },
    ],
  },
  {
    id: 'cs2-competitive',
    name: 'Counter-Strike 2',
    description: 'Five on five, the active duty pool',
    game: 'cs2',
    servers: [
      {
        id: 'cs2-dust2',
        name: 'CS2 Competitive',
        maps: ['de_dust2', 'de_mirage', 'de_inferno', 'de_nuke'],
        maxplayers: 10,
        tags: ['competitive'],
      },
    ],
  },
  {
    id: 'minecraft-survival',
    name: 'Minecraft',
    description: 'A survival world, whitelist off',
    game: 'minecraft',
    servers: [{ id: 'mc-survival', name: 'Minecraft Survival', maps: ['world'], maxplayers: 20, tags: ['survival'] }],
  },
];

/** What each Source game's query answer names (folder, game, app id). */
const SOURCE_GAMES: Record<string, { folder: string; game: string; appId: number }> = {
  l4d2: { folder: 'left4dead2', game: 'Left 4 Dead 2', appId: 550 },
  tf2: { folder: 'tf', game: 'Team Fortress', appId: 440 },
  csgo: { folder: 'csgo', game: 'Counter-Strike: Global Offensive', appId: 730 },
  cs2: { folder: 'cs2', game: 'Counter-Strike 2', appId: 730 },
};

export interface RunningFleet {
  servers: (WorldServer & { groupId: string; port: number; tags: string[]; rconPort: number | null })[];
  /** The RCON password of every simulated server (stored write-only by the servers module). */
  rconPassword: string;
  close(): Promise<void>;
}

export async function startDemoFleet(host = '127.0.0.1'): Promise<RunningFleet> {
  const rconPassword = randomBytes(12).toString('hex');
  const closers: (() => Promise<void>)[] = [];
  const servers: RunningFleet['servers'] = [];
  for (const group of DEMO_GROUPS) {
    for (const spec of group.servers) {
      const base = { ...spec, groupId: group.id, game: group.game };
      if (group.game === 'minecraft') {
        const minecraft = await startMinecraftStatusServer(
          { max: spec.maxplayers, motd: `${spec.name} (Outpost demo)` },
          0,
          host,
        );
        closers.push(() => minecraft.close());
        servers.push({ ...base, minecraft, port: minecraft.port, rconPort: null });
        continue;
      }
      const game = SOURCE_GAMES[group.game] as (typeof SOURCE_GAMES)[string];
      const a2s = await startA2sServer(
        { name: spec.name, map: spec.maps[0], maxplayers: spec.maxplayers, ...game },
        0,
        host,
      );
      const rcon = await startRconServer({ password: rconPassword }, 0, host);
      closers.push(
        () => a2s.close(),
        () => rcon.close(),
      );
      servers.push({ ...base, a2s, rcon, port: a2s.port, rconPort: rcon.port });
    }
  }
  return {
    servers,
    rconPassword,
    close: async () => {
      await Promise.all(closers.map((close) => close()));
    },
  };
}
