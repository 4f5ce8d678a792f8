import { type Game, gameFamily, type Server } from '@outpost/contracts';
import type { A2sOutcome } from '../../../protocols/a2s-client';
import type { MinecraftOutcome } from '../../../protocols/minecraft-ping';

/** What the servers.status JSON column holds; shared by every API instance. */
export interface StoredStatus {
  online: boolean;
  data: Server['status']['data'];
}

export type QueryOutcome = A2sOutcome | MinecraftOutcome;

// A hostile server must not bloat GET /api/servers: lists and names are cut to what a
// real one sends (tf2 allows 100 players; Source names are at most 32 bytes, maps 64).
const MAX_PLAYERS = 128;
const MAX_NAME = 64;
const cut = (text: string) => text.slice(0, MAX_NAME);

/**
 * Maps a query outcome to the four SPEC states: silence is offline; an unreadable answer
 * is "online, but cannot get data"; a readable one carries players, maxplayers and map.
 */
export function toStoredStatus(game: Game, outcome: QueryOutcome): StoredStatus {
  if (outcome.kind === 'silent') return { online: false, data: null };
  if (outcome.kind === 'garbage') return { online: true, data: null };
  if ('status' in outcome) {
    const { status } = outcome;
    return {
      online: true,
      data: {
        players: status.sample.slice(0, MAX_PLAYERS).map((player) => ({ name: cut(player.name) })),
        maxplayers: status.max,
        map: null,
        playerCount: status.online,
      },
    };
  }
  const { info, players } = outcome;
  return {
    online: true,
    data: {
      players: (players ?? [])
        .slice(0, MAX_PLAYERS)
        .map((player) => ({ name: cut(player.name), score: player.score, duration: player.duration })),
      maxplayers: info.maxplayers,
      map: gameFamily(game) === 'source' ? cut(info.map) : null,
      playerCount: info.players,
    },
  };
}
