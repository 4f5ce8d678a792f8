import type { Game, GameCommand } from '@outpost/contracts';
import type { A2sServer } from '../protocols/servers/a2s-server';
import type { MinecraftStatusServer } from '../protocols/servers/minecraft-status-server';
import type { RconServer } from '../protocols/servers/rcon-server';
import type { NewGameEvent, PluginClient } from './plugin-client';
import { CHAT_LINES, type SimPlayer } from './population';

// The demo's living world: players join and leave the simulated servers, score, chat and
// see maps change. Every change shows in two places, as on real servers: the query answers
// (A2S / Server List Ping, which the poller reads for the overview) and the plugin's events
// (through the plugin API, which fill the players list and the log). A player trying to join
// is checked through the plugin API first, and a banned one is kicked. The plugin also holds
// the command channel: a ban, mute or gag made on the web reaches the player in play at once.

export interface WorldServer {
  id: string;
  name: string;
  game: Game;
  maps: string[];
  maxplayers: number;
  a2s?: A2sServer;
  minecraft?: MinecraftStatusServer;
  rcon?: RconServer;
  /** Source servers run the plugin; Minecraft has none. */
  plugin?: PluginClient;
  /** Who plays here, when not the world's common population. */
  population?: SimPlayer[];
}

interface Session {
  player: SimPlayer;
  joinedAt: number;
  score: number;
}

interface LiveServer extends WorldServer {
  sessions: Map<string, Session>;
  mapIndex: number;
  ticksOnMap: number;
}

export interface WorldOptions {
  servers: WorldServer[];
  population: SimPlayer[];
  /** The in-game admin whose admin chat the plugin reports. */
  admin: { steamid: string; name: string };
  random?: () => number;
  now?: () => number;
  /** Ticks a map lasts before the server changes to the next one. */
  ticksPerMap?: number;
  /** Told of a step that failed (the API unreachable, a refused event); the world goes on. */
  onError?: (message: string) => void;
}

export interface WorldRecord {
  /** Players refused on connect: steamid -> ban id, in order. */
  kicks: { steamid: string; serverId: string; banId: number | null }[];
  /** Commands the plugin carried out from its command channel (each id once), in order. */
  commands: { id: number; kind: GameCommand['kind']; steamid: string; serverId: string; at: number }[];
  errors: string[];
}

/** A seeded random generator (mulberry32), so tests can replay a world. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class GameWorld {
  readonly record: WorldRecord = { kicks: [], commands: [], errors: [] };
  private readonly servers: LiveServer[];
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly ticksPerMap: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private channels: { stop: AbortController; loops: Promise<void>[] } | null = null;
  /** Command ids already carried out, per server: a command delivered again is only acknowledged. */
  private readonly carriedOut = new Map<string, Set<number>>();

  constructor(private readonly options: WorldOptions) {
    this.random = options.random ?? Math.random;
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.ticksPerMap = options.ticksPerMap ?? 90;
    this.servers = options.servers.map((server) => ({ ...server, sessions: new Map(), mapIndex: 0, ticksOnMap: 0 }));
    for (const server of this.servers) {
      if (server.rcon) server.rcon.state.handler = (command) => this.rconCommand(server, command);
      this.publish(server);
    }
  }

  /** Who is on a server now (names), for tests and the console. */
  playersOn(serverId: string): string[] {
    const server = this.servers.find((candidate) => candidate.id === serverId);
    return server ? [...server.sessions.values()].map((session) => session.player.name) : [];
  }

  mapOf(serverId: string): string | undefined {
    const server = this.servers.find((candidate) => candidate.id === serverId);
    return server ? server.maps[server.mapIndex] : undefined;
  }

  /** Players being checked on connect right now: servers step in parallel, and one player joins one server. */
  private readonly joining = new Set<string>();

  private onlineAnywhere(steamid: string): boolean {
    return this.joining.has(steamid) || this.servers.some((server) => server.sessions.has(steamid));
  }

  private pick<T>(items: readonly T[]): T | undefined {
    return items.length === 0 ? undefined : items[Math.floor(this.random() * items.length)];
  }

  /** One step of the world on every server. */
  async tick(): Promise<void> {
    await Promise.all(
      this.servers.map((server) =>
        this.tickServer(server).catch((error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          this.record.errors.push(`${server.id}: ${message}`);
          if (this.record.errors.length > 50) this.record.errors.shift();
          this.options.onError?.(`${server.id}: ${message}`);
        }),
      ),
    );
  }

  /** Fills the servers to about half before the demo opens, so the overview is never empty. */
  async populate(): Promise<void> {
    // Servers fill side by side; each posts its connects in one batch, as a plugin would after a restart.
    await Promise.all(
      this.servers.map(async (server) => {
        const target = Math.max(1, Math.floor(server.maxplayers / 2));
        const events: NewGameEvent[] = [];
        for (let attempt = 0; attempt < target * 3 && server.sessions.size < target; attempt++)
          await this.tryJoin(server, events);
        this.publish(server);
        await server.plugin?.post(events);
      }),
    );
  }

  private async tickServer(server: LiveServer): Promise<void> {
    const events: NewGameEvent[] = [];
    server.ticksOnMap += 1;
    if (server.game !== 'minecraft' && server.ticksOnMap >= this.ticksPerMap) {
      this.changeMap(server, (server.mapIndex + 1) % server.maps.length, events);
    }
    for (const session of [...server.sessions.values()]) {
      if (this.random() < 0.06) {
        server.sessions.delete(session.player.steamid);
        events.push({
          type: 'disconnect',
          steamid: session.player.steamid,
          name: session.player.name,
          reason: this.pick(['Disconnect by user.', 'Timed out', 'Kicked for being idle']) ?? 'Disconnect by user.',
        });
      } else {
        session.score += Math.floor(this.random() * 4);
      }
    }
    // Busier servers attract fewer newcomers; empty ones still get someone soon.
    const fill = server.sessions.size / server.maxplayers;
    if (fill < 1 && this.random() < 0.5 - fill * 0.3) await this.tryJoin(server, events);
    const talker = this.pick([...server.sessions.values()]);
    if (talker && this.random() < 0.25) {
      events.push({
        type: 'chat',
        steamid: talker.player.steamid,
        name: talker.player.name,
        message: this.pick(CHAT_LINES) ?? 'gg',
        team: this.random() < 0.2,
      });
    }
    if (server.plugin && this.random() < 0.02) {
      events.push({
        type: 'admin_chat',
        steamid: this.options.admin.steamid,
        name: this.options.admin.name,
        command: 'sm_say',
        message: this.pick(['Be nice, everyone', 'Map vote in 5 minutes', 'Join our Discord!']) ?? 'Be nice',
      });
    }
    this.publish(server);
    if (server.plugin) await server.plugin.post(events);
  }

  /** A player tries to join: the plugin checks them first and kicks a banned one. */
  private async tryJoin(server: LiveServer, events?: NewGameEvent[]): Promise<void> {
    const pool = server.population ?? this.options.population;
    const candidates = pool.filter((player) => !this.onlineAnywhere(player.steamid));
    const player = this.pick(candidates);
    if (!player || server.sessions.size >= server.maxplayers) return;
    this.joining.add(player.steamid);
    try {
      await this.admit(server, player, events);
    } finally {
      this.joining.delete(player.steamid);
    }
  }

  private async admit(server: LiveServer, player: SimPlayer, events?: NewGameEvent[]): Promise<void> {
    if (server.plugin) {
      const check = await server.plugin.check({ steamid: player.steamid, ip: player.ip, name: player.name });
      if (check.status === 'banned') {
        this.record.kicks.push({ steamid: player.steamid, serverId: server.id, banId: check.banId });
        await server.plugin.post([
          {
            type: 'action',
            target: { steamid: player.steamid, name: player.name },
            message: `kicked "${player.name}" on connect (${check.message ?? 'banned'})`,
          },
        ]);
        return;
      }
    }
    server.sessions.set(player.steamid, { player, joinedAt: this.now(), score: 0 });
    const connect: NewGameEvent = { type: 'connect', steamid: player.steamid, name: player.name, ip: player.ip };
    if (events) events.push(connect);
    else if (server.plugin) await server.plugin.post([connect]);
  }

  private changeMap(server: LiveServer, index: number, events: NewGameEvent[]): void {
    server.mapIndex = index;
    server.ticksOnMap = 0;
    for (const session of server.sessions.values()) session.score = 0;
    events.push({ type: 'action', message: `changed the map to ${server.maps[index]}` });
  }

  /** Pushes the world's state into the query answers the poller reads. */
  private publish(server: LiveServer): void {
    const now = this.now();
    const sessions = [...server.sessions.values()];
    if (server.a2s) {
      server.a2s.state.map = server.maps[server.mapIndex] ?? '';
      server.a2s.state.players = sessions.map((session) => ({
        name: session.player.name,
        score: session.score,
        duration: Math.max(1, now - session.joinedAt),
      }));
    }
    if (server.minecraft) {
      server.minecraft.state.online = sessions.length;
      server.minecraft.state.sample = sessions.map((session) => session.player.name);
    }
  }

  /** What the simulated srcds answers over RCON: status, map changes, kicks, say. */
  private rconCommand(server: LiveServer, command: string): string | undefined {
    const [name = '', ...rest] = command.trim().split(/\s+/);
    const argument = rest.join(' ');
    switch (name) {
      case 'status': {
        const lines = [...server.sessions.values()].map(
          (session, index) => `# ${index + 2} "${session.player.name}" ${session.player.steamid} active`,
        );
        return `hostname: ${server.name}\nmap     : ${server.maps[server.mapIndex]}\nplayers : ${server.sessions.size} (${server.maxplayers} max)\n${lines.join('\n')}\n`;
      }
      case 'changelevel': {
        const index = server.maps.indexOf(argument);
        if (index < 0) return `changelevel failed: ${argument} not found\n`;
        const events: NewGameEvent[] = [];
        this.changeMap(server, index, events);
        this.publish(server);
        void server.plugin?.post(events).catch(() => {});
        return `Changing level to ${argument}\n`;
      }
      case 'mp_restartgame':
      case 'sm_restart':
        for (const session of server.sessions.values()) session.score = 0;
        this.publish(server);
        return 'Restarting the round\n';
      case 'sm_say':
        return `(ALL) Console: ${argument}\n`;
      case 'quit':
        return 'Stopping server (the demo keeps it running)\n';
      default:
        return undefined;
    }
  }

  /** Each plugin holds its command channel until stopped: ask, act, acknowledge, ask again. */
  holdCommandChannels(waitSeconds = 25): void {
    if (this.channels) return;
    const stop = new AbortController();
    const loops = this.servers.flatMap((server) => {
      const plugin = server.plugin;
      if (!plugin) return [];
      return [
        (async () => {
          while (!stop.signal.aborted) {
            try {
              const commands = await plugin.commands(waitSeconds, stop.signal);
              await this.carryOut(server, commands);
              await plugin.ack(commands.map((command) => command.id));
            } catch (error) {
              if (stop.signal.aborted) return;
              this.options.onError?.(`${server.id}: command channel: ${(error as Error).message}`);
              await new Promise((resolve) => setTimeout(resolve, 2000));
            }
          }
        })(),
      ];
    });
    this.channels = { stop, loops };
  }

  /** What the plugin does with its commands: kick a banned player, apply or lift a comm block. Each id once. */
  private async carryOut(server: LiveServer, commands: GameCommand[]): Promise<void> {
    const done = this.carriedOut.get(server.id) ?? new Set<number>();
    this.carriedOut.set(server.id, done);
    const events: NewGameEvent[] = [];
    for (const command of commands) {
      if (done.has(command.id)) continue;
      done.add(command.id);
      this.record.commands.push({
        id: command.id,
        kind: command.kind,
        steamid: command.steamid,
        serverId: server.id,
        at: Date.now(),
      });
      const session = server.sessions.get(command.steamid);
      if (!session) continue;
      const target = { steamid: command.steamid, name: session.player.name };
      if (command.kind === 'ban' || command.kind === 'kick') {
        server.sessions.delete(command.steamid);
        this.record.kicks.push({ steamid: command.steamid, serverId: server.id, banId: command.banId });
        events.push({ type: 'action', target, message: `kicked "${session.player.name}" (${command.message})` });
        events.push({
          type: 'disconnect',
          steamid: command.steamid,
          name: session.player.name,
          reason: 'Kicked by Outpost',
        });
      } else if (command.kind !== 'unban') {
        events.push({
          type: 'action',
          target,
          message: `${command.kind}: "${session.player.name}" (${command.message})`,
        });
      }
    }
    this.publish(server);
    await server.plugin?.post(events);
  }

  /** Ticks every `intervalMs` until stopped; a slow tick delays the next rather than overlapping. */
  start(intervalMs: number): void {
    this.holdCommandChannels();
    const loop = () => {
      this.timer = setTimeout(() => {
        this.running = this.tick().finally(() => {
          this.running = null;
          if (this.timer) loop();
        });
      }, intervalMs);
    };
    loop();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const channels = this.channels;
    this.channels = null;
    channels?.stop.abort();
    await Promise.all(channels?.loops ?? []);
    await this.running;
  }
}
