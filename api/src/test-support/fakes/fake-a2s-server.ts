import dgram from 'node:dgram';
import { A2S_INFO, A2S_PLAYER, S2A_INFO, S2A_PLAYER, S2C_CHALLENGE } from '../../protocols/a2s-packets';

export interface FakeA2sState {
  /** ok: answers; silent: never answers; garbage: answers bytes no parser accepts. */
  mode: 'ok' | 'silent' | 'garbage';
  name: string;
  map: string;
  game: string;
  maxplayers: number;
  players: { name: string; score?: number; duration?: number }[];
  /** Split answers into fragments of this many payload bytes (multi-packet), 0: never. */
  splitSize: number;
  /** Ask for a challenge before answering A2S_INFO (as servers do since 2020). */
  infoChallenge: boolean;
}

export interface FakeA2sServer {
  port: number;
  state: FakeA2sState;
  close(): Promise<void>;
}

function cstring(text: string): Buffer {
  return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])]);
}

function infoAnswer(state: FakeA2sState): Buffer {
  const tail = Buffer.from([state.players.length, state.maxplayers, 0, 0x64, 0x6c, 0, 1]);
  return Buffer.concat([
    Buffer.from([0xff, 0xff, 0xff, 0xff, S2A_INFO, 17]),
    cstring(state.name),
    cstring(state.map),
    cstring('left4dead2'),
    cstring(state.game),
    Buffer.from([0x26, 0x02]),
    tail,
    cstring('2.2.2.6'),
  ]);
}

function playerAnswer(state: FakeA2sState): Buffer {
  const parts: Buffer[] = [Buffer.from([0xff, 0xff, 0xff, 0xff, S2A_PLAYER, state.players.length])];
  state.players.forEach((player, index) => {
    const numbers = Buffer.alloc(8);
    numbers.writeInt32LE(player.score ?? 0, 0);
    numbers.writeFloatLE(player.duration ?? 60, 4);
    parts.push(Buffer.from([index]), cstring(player.name), numbers);
  });
  return Buffer.concat(parts);
}

let splitIds = 1;

/** Source split layout: FE FF FF FF, id, total, number, size, payload. */
function splitPackets(payload: Buffer, size: number): Buffer[] {
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

/** A game server's query port on loopback speaking A2S, for tests, e2e and the bench. */
export async function startFakeA2sServer(initial: Partial<FakeA2sState> = {}, port = 0): Promise<FakeA2sServer> {
  const state: FakeA2sState = {
    mode: 'ok',
    name: 'Fake Server',
    map: 'c1m1_hotel',
    game: 'Left 4 Dead 2',
    maxplayers: 8,
    players: [],
    splitSize: 0,
    infoChallenge: true,
    ...initial,
  };
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
      return send(infoAnswer(state), from);
    }
    if (kind === A2S_PLAYER) {
      if (!packet.subarray(5, 9).equals(challenge)) return send(challengeAnswer, from);
      return send(playerAnswer(state), from);
    }
  });
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  return {
    port: socket.address().port,
    state,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
