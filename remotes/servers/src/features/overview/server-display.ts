import { type Game, reportedPlayerCount, type Server, type ServerStatusKind } from '@outpost/contracts/browser';

/** SPEC 8: the tooltip of each status icon. */
export const STATUS_TOOLTIPS: Record<ServerStatusKind, string> = {
  empty: 'Server is empty',
  players: 'Server has players online',
  'no-data': 'Server is online, but cannot get data',
  offline: 'Server is offline, unresponsive, or unreachable',
};

/** SPEC 2: the tags shown beside a server's name, with their labels; other tags stay internal. */
export const TAG_LABELS: Record<string, string> = { '5+': '5+', customs: 'Custom Maps' };

export function shownTags(tags: readonly string[]): string[] {
  return tags.filter((tag) => tag in TAG_LABELS).map((tag) => TAG_LABELS[tag] as string);
}

type Address = Pick<Server, 'host' | 'port'>;

export function address(server: Address): string {
  return `${server.host}:${server.port}`;
}

/** What players paste in the game console. */
export function connectCommand(server: Address): string {
  return `connect ${address(server)}`;
}

/** Opens the game through Steam and joins the server. */
export function steamJoinUrl(server: Address): string {
  return `steam://connect/${address(server)}`;
}

/**
 * Only Left 4 Dead 2 has lobbies: this console command makes the next lobby the
 * player creates start on this dedicated server.
 */
export function createLobbyCommand(game: Game, server: Address): string | null {
  return game === 'l4d2' ? `mm_dedicated_force_servers ${address(server)}` : null;
}

const MINECRAFT_DEFAULT_PORT = 25565;

/** Minecraft players type just the address; the default port is left out. */
export function minecraftAddress(server: Address): string {
  return server.port === MINECRAFT_DEFAULT_PORT ? server.host : address(server);
}

/**
 * 'current/max', or '-' when the server gave no data. current is the count the server
 * reports: the names list may be a sample (Minecraft) or hide connecting players.
 */
export function playerCount(server: Pick<Server, 'status'>): string {
  const data = server.status.data;
  return data ? `${reportedPlayerCount(data)}/${data.maxplayers}` : '-';
}
