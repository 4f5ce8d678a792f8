import { type Game, reportedPlayerCount, type Server, type ServerStatusKind } from '@outpost/contracts/browser';

/** SPEC 8: the tooltip of each status icon, as its message id (`t(statusTooltip(kind))`). */
export const statusTooltip = (kind: ServerStatusKind) => `servers-overview.status.${kind}`;

/** SPEC 2: the tags shown beside a server's name, with their labels; other tags stay internal. */
const TAG_LABELS: Record<string, string> = { '5+': '5+', customs: 'servers-overview.tag.customs' };

/** The shown tags' labels (a message id, or the label itself: '5+'), for `t`. */
export function shownTags(tags: readonly string[]): string[] {
  return tags.flatMap((tag) => (Object.hasOwn(TAG_LABELS, tag) ? [TAG_LABELS[tag] as string] : []));
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
