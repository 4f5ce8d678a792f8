// Fake game servers for e2e: real A2S, Server List Ping and RCON on loopback, a fake Docker
// Engine on a unix socket, and groups/servers seeded to point at them. Call it from
// start-e2e-server.ts before the API starts, then copy `env` into process.env.
import type { DatabaseHandle } from '../../api/src/db/database';
import { fromJsonColumn, toJsonColumn } from '../../api/src/db/json-column';
import { type FakeA2sServer, startFakeA2sServer } from '../../api/src/test-support/fakes/fake-a2s-server';
import { type FakeDockerEngine, startFakeDockerEngine } from '../../api/src/test-support/fakes/fake-docker-engine';
import { startFakeMinecraftServer } from '../../api/src/test-support/fakes/fake-minecraft-server';
import { type FakeRconServer, startFakeRconServer } from '../../api/src/test-support/fakes/fake-rcon-server';

/** What the seeded fakes show, for specs to assert on. */
export const FAKE_SERVERS = {
  versusGroupId: 'fake-versus',
  busyServerId: 'fake-versus-1',
  busyMap: 'c2m1_highway',
  busyPlayers: ['Coach', 'Ellis', 'Nick'],
  emptyServerId: 'fake-versus-2',
  emptyMap: 'c1m1_hotel',
  offlineServerId: 'fake-versus-3',
  minecraftGroupId: 'fake-craft',
  minecraftServerId: 'fake-craft-1',
  /** The group's actions: Restart runs over RCON; Stop is builtin:request_stop. */
  restartCommand: 'sm_restart',
  rconPassword: 'e2e-rcon-password-never-shown',
} as const;

export interface FakeGameServers {
  /** Environment for the API: DOCKER_HOST, poll interval, ports for new instances... */
  env: Record<string, string>;
  rcon: FakeRconServer;
  docker: FakeDockerEngine;
  close(): Promise<void>;
}

const action = (name: string, command: string, extra: object = {}) => ({
  name,
  command,
  description: '',
  color: '',
  requiresFeatures: [],
  showWhen: 'any',
  isHidden: false,
  ...extra,
});

/**
 * Servers seeded before this call keep what their stored status shows: each gets a fake A2S
 * (its query port) answering that map and those players, so the poller does not turn them offline.
 */
async function mirrorSeededServers(db: DatabaseHandle['db']): Promise<FakeA2sServer[]> {
  const rows = await db.selectFrom('servers').select(['id', 'status']).where('status', 'is not', null).execute();
  const mirrors: FakeA2sServer[] = [];
  for (const row of rows) {
    const status = fromJsonColumn<{
      online?: boolean;
      data?: { players: { name: string }[]; maxplayers: number; map: string | null } | null;
    } | null>(row.status, null);
    if (!status?.online || !status.data) continue;
    const mirror = await startFakeA2sServer({
      map: status.data.map ?? '',
      maxplayers: status.data.maxplayers,
      players: status.data.players.map((player) => ({ name: player.name })),
    });
    await db.updateTable('servers').set({ query_port: mirror.port }).where('id', '=', row.id).execute();
    mirrors.push(mirror);
  }
  return mirrors;
}

export async function startFakeGameServers(db: DatabaseHandle['db']): Promise<FakeGameServers> {
  const f = FAKE_SERVERS;
  const mirrors = await mirrorSeededServers(db);
  const busy = await startFakeA2sServer({
    map: f.busyMap,
    maxplayers: 8,
    players: f.busyPlayers.map((name) => ({ name })),
  });
  const empty = await startFakeA2sServer({ map: f.emptyMap, maxplayers: 8, players: [] });
  const offline = await startFakeA2sServer({ mode: 'silent' });
  const craft = await startFakeMinecraftServer({ online: 1, max: 20, sample: ['Steve'] });
  const rcon = await startFakeRconServer({
    password: f.rconPassword,
    responses: { [f.restartCommand]: 'Restarting the round', quit: 'Stopping server' },
  });
  const instances: FakeA2sServer[] = [];
  const docker = await startFakeDockerEngine({
    onStart: async (container) => {
      const port = Object.values(container.ports)[0];
      instances.push(await startFakeA2sServer({ map: 'c1m1_hotel', players: [] }, port));
    },
  });

  await db
    .insertInto('server_groups')
    .values([
      {
        id: f.versusGroupId,
        name: 'Fake Versus',
        description: 'Fake servers answering A2S and RCON on loopback',
        game: 'l4d2',
        type: 'docker',
        template_id: 'l4d2-versus',
        template: toJsonColumn({
          image: 'outpost/l4d2:latest',
          env: { PORT: '{port}', RCON_PASSWORD: '{rconPassword}' },
          ports: [{ container: 27015, protocol: 'udp' }],
        }),
        tags: toJsonColumn([]),
        actions: toJsonColumn([
          action('Restart', f.restartCommand, { color: 'is-warning', showWhen: 'online' }),
          action('Stop', 'builtin:request_stop', { color: 'is-danger', showWhen: 'online' }),
        ]),
        sort_order: 10,
        created_at: 1,
      },
      {
        id: f.minecraftGroupId,
        name: 'Fake Minecraft',
        description: 'A fake Minecraft server answering the Server List Ping',
        game: 'minecraft',
        type: 'others',
        template_id: null,
        template: null,
        tags: toJsonColumn([]),
        actions: '[]',
        sort_order: 11,
        created_at: 1,
      },
    ])
    .execute();
  const server = (id: string, group: string, name: string, port: number, tags: string[] = []) => ({
    id,
    group_id: group,
    name,
    host: 'fake.example.org',
    ip: '127.0.0.1',
    port,
    query_port: null,
    rcon_port: rcon.port,
    rcon_password: f.rconPassword,
    tags: toJsonColumn(tags),
    features: toJsonColumn([]),
    actions: toJsonColumn([]),
    status: null,
    status_updated_at: null,
    created_at: 1,
  });
  await db
    .insertInto('servers')
    .values([
      server(f.busyServerId, f.versusGroupId, 'Fake Versus #1', busy.port, ['5+']),
      server(f.emptyServerId, f.versusGroupId, 'Fake Versus #2', empty.port, ['customs']),
      server(f.offlineServerId, f.versusGroupId, 'Fake Versus #3', offline.port),
      server(f.minecraftServerId, f.minecraftGroupId, 'Fake Craft', craft.port),
    ])
    .execute();

  return {
    env: {
      DOCKER_HOST: docker.dockerHost,
      POLL_INTERVAL_MS: '1000',
      POLL_TIMEOUT_MS: '500',
      RCON_TIMEOUT_MS: '2000',
      PROVISION_PORTS: '28100-28199',
      PROVISION_IP: '127.0.0.1',
      PROVISION_HOSTNAME: 'fake.example.org',
      // Let creation pass by default; a spec forces NO_FREE_RESOURCES with the site
      // setting RESOURCE_THRESHOLD_SETTINGS.cpu = 0 (or memory = 1) in the e2e database.
      CPU_THRESHOLD: '1000',
      MEMORY_THRESHOLD: '0',
    },
    rcon,
    docker,
    async close() {
      await Promise.all([busy, empty, offline, craft, rcon, ...instances, ...mirrors].map((fake) => fake.close()));
      await docker.close();
    },
  };
}
