import dgram from 'node:dgram';
import { A2S_INFO, A2S_PLAYER, S2A_INFO, S2A_PLAYER, S2C_CHALLENGE } from '../a2s-packets';

// The server side of the Source query protocol (A2S_INFO, A2S_PLAYER, challenges, split
// answers): https://developer.valvesoftware.com/wiki/Server_queries. It answers from a
// mutable state, so tests can script odd servers and `pnpm demo` can run living ones.

export interface A2sServerState {
  /** ok: answers; silent: never answers; garbage: answers bytes no parser accepts. */
  mode: 'ok' | 'silent' | 'garbage';
  name: string;
  map: string;
  /** The game folder (left4dead2, tf, csgo...). */
  folder: string;
  game: string;
  /** Steam app id (550 Left 4 Dead 2, 440 TF2, 730 CS2). */
  appId: number;
  maxplayers: number;
  players: { name: string; score?: number; duration?: number }[];
  /** Split answers into fragments of this many payload bytes (multi-packet), 0: never. */
  splitSize: number;
  /** Ask for a challenge before answering A2S_INFO (as servers do since 2020). */
  infoChallenge: boolean;
}

export interface A2sServer {
  port: number;
  state: A2sServerState;
  close(): Promise<void>;
}

function cstring(text: string): Buffer {
  return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])]);
}

/** S2A_INFO (Source layout, protocol 17): name, map, folder, game, app id, counts, version. */
export function encodeInfoAnswer(state: A2sServerState): Buffer {
  const appId = Buffer.alloc(2);
  appId.writeUInt16LE(state.appId & 0xffff, 0);
  const players = Math.min(state.players.length, 255);
  // bots 0, server type 'd' (dedicated), environment 'l' (linux), visibility 0, VAC 1.
  const tail = Buffer.from([players, Math.min(state.maxplayers, 255), 0, 0x64, 0x6c, 0, 1]);
  return Buffer.concat([
    Buffer.from([0xff, 0xff, 0xff, 0xff, S2A_INFO, 17]),
    cstring(state.name),
    cstring(state.map),
    cstring(state.folder),
    cstring(state.game),
    appId,
    tail,
    cstring('2.2.2.6'),
  ]);
}

/** S2A_PLAYER: index, name, score (int32), seconds connected (float32) per player. */
export function encodePlayerAnswer(state: A2sServerState): Buffer {
  const listed = state.players.slice(0, 255);
  const parts: Buffer[] = [Buffer.from([0xff, 0xff, 0xff, 0xff, S2A_PLAYER, listed.length])];
  listed.forEach((player, index) => {
    const numbers = Buffer.alloc(8);
    numbers.writeInt32LE(player.score ?? 0, 0);
    numbers.writeFloatLE(player.duration ?? 60, 4);
    parts.push(Buffer.from([index]), cstring(player.name), numbers);
  });
  return Buffer.concat(parts);
}

let splitIds = 1;

/** Source split layout: FE FF FF FF, id, total, number, size, payload. */
export function splitPackets(payload: Buffer, size: number): Buffer[] {
  const total = Math.ceil(payload.length / size);
  const id = splitIds++ & 0x7fffffff;
  const packets: Buffer[] = [];
  for (let number = 0; number < total; number++) {
    const header = Buffer.alloc(12);
    header.writeInt32LE(-2, 0);
    header.writeInt32LE(id, 4);
    header.writeUInt8(total, 8);
    header.writeUInt8(number, 9);
    header.writeInt16LE(1248, 10);
    packets.push(Buffer.concat([header, payload.subarray(number * size, (number + 1) * size)]));
  }
  return packets;
}

export const DEFAULT_A2S_STATE: A2sServerState = {
  mode: 'ok',
  name: 'Fake Server',
  map: 'c1m1_hotel',
  folder: 'left4dead2',
  game: 'Left 4 Dead 2',
  appId: 550,
  maxplayers: 8,
  players: [],
  splitSize: 0,
  infoChallenge: true,
};

/** A game server's query port speaking A2S on `host` (loopback unless told). */
export async function startA2sServer(
  initial: Partial<A2sServerState> = {},
  port = 0,
  host = '127.0.0.1',
): Promise<A2sServer> {
  const state: A2sServerState = { ...DEFAULT_A2S_STATE, players: [], ...initial };
  // One fixed challenge per server is enough for a loopback server: it only has to be echoed.
  const challenge = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const socket = dgram.createSocket('udp4');
  const send = (payload: Buffer, to: dgram.RemoteInfo) => {
    const packets =
      state.splitSize > 0 && payload.length > state.splitSize ? splitPackets(payload, state.splitSize) : [payload];
    // Fragments are sent last-first: a client must reassemble by number, not by arrival.
    for (const packet of packets.reverse()) socket.send(packet, to.port, to.address);
  };
  const challengeAnswer = Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0xff, S2C_CHALLENGE]), challenge]);
  socket.on('message', (packet, from) => {
    if (state.mode === 'silent' || packet.length < 5) return;
    if (state.mode === 'garbage')
      return void socket.send(Buffer.from('\xff\xff\xff\xffZ\x01garbage', 'latin1'), from.port, from.address);
    const kind = packet[4];
    if (kind === A2S_INFO) {
      const given = packet.subarray(25, 29);
      if (state.infoChallenge && !given.equals(challenge)) return send(challengeAnswer, from);
      return send(encodeInfoAnswer(state), from);
    }
    if (kind === A2S_PLAYER) {
      if (!packet.subarray(5, 9).equals(challenge)) return send(challengeAnswer, from);
      return send(encodePlayerAnswer(state), from);
    }
  });
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.bind(port, host, resolve));
  return {
    port: socket.address().port,
    state,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
