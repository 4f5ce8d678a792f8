import { ByteReader, MalformedPacketError } from './byte-reader';

// Source engine query (A2S) packets: https://developer.valvesoftware.com/wiki/Server_queries

export const SINGLE_HEADER = -1; // FF FF FF FF
export const SPLIT_HEADER = -2; // FE FF FF FF
export const A2S_INFO = 0x54;
export const A2S_PLAYER = 0x55;
export const S2C_CHALLENGE = 0x41;
export const S2A_INFO = 0x49;
export const S2A_PLAYER = 0x44;

const INFO_PAYLOAD = Buffer.from('Source Engine Query\0', 'latin1');

export function infoRequest(challenge?: Buffer): Buffer {
  const head = Buffer.from([0xff, 0xff, 0xff, 0xff, A2S_INFO]);
  return challenge ? Buffer.concat([head, INFO_PAYLOAD, challenge]) : Buffer.concat([head, INFO_PAYLOAD]);
}

export function playerRequest(challenge?: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xff, 0xff, 0xff, A2S_PLAYER]),
    challenge ?? Buffer.from([0xff, 0xff, 0xff, 0xff]),
  ]);
}

export interface A2sInfo {
  name: string;
  map: string;
  folder: string;
  game: string;
  players: number;
  maxplayers: number;
  bots: number;
}

export interface A2sPlayer {
  name: string;
  score: number;
  duration: number;
}

/** A whole (reassembled) answer: its kind byte and the reader positioned after it. */
export interface A2sMessage {
  kind: number;
  body: ByteReader;
}

export function readMessage(payload: Buffer): A2sMessage {
  const reader = new ByteReader(payload);
  if (reader.int32() !== SINGLE_HEADER) throw new MalformedPacketError('not a single-packet answer');
  return { kind: reader.uint8(), body: reader };
}

export function readChallenge(body: ByteReader): Buffer {
  const challenge = body.rest();
  if (challenge.length < 4) throw new MalformedPacketError('short challenge');
  return challenge.subarray(0, 4);
}

export function readInfo(body: ByteReader): A2sInfo {
  body.uint8(); // protocol
  const name = body.cstring();
  const map = body.cstring();
  const folder = body.cstring();
  const game = body.cstring();
  body.int16(); // app id
  const players = body.uint8();
  const maxplayers = body.uint8();
  const bots = body.uint8();
  return { name, map, folder, game, players, maxplayers, bots };
}

/** Reads up to 255 players; a list cut short keeps the players read so far. */
export function readPlayers(body: ByteReader): A2sPlayer[] {
  const count = body.uint8();
  const players: A2sPlayer[] = [];
  try {
    for (let i = 0; i < count; i++) {
      body.uint8(); // index
      const name = body.cstring(256);
      const score = body.int32();
      const duration = body.float32();
      players.push({ name, score, duration: Number.isFinite(duration) ? Math.max(0, Math.round(duration)) : 0 });
    }
  } catch (error) {
    if (players.length === 0 && count > 0) throw error;
  }
  return players;
}

const MAX_FRAGMENTS = 32;

/**
 * Collects the fragments of split answers (FE FF FF FF, Source layout: id, total, number,
 * size). Compressed (bzip2) answers are refused. Returns the whole payload once complete.
 */
export class SplitAssembler {
  private id: number | null = null;
  private parts: (Buffer | undefined)[] = [];

  add(packet: Buffer): Buffer | null {
    const reader = new ByteReader(packet);
    if (reader.int32() !== SPLIT_HEADER) throw new MalformedPacketError('not a split packet');
    const id = reader.int32();
    if (id & 0x80000000) throw new MalformedPacketError('compressed answers are not supported');
    const total = reader.uint8();
    const number = reader.uint8();
    reader.int16(); // maximum packet size
    if (total === 0 || total > MAX_FRAGMENTS || number >= total)
      throw new MalformedPacketError('bad fragment numbering');
    if (this.id !== id) {
      this.id = id;
      this.parts = Array.from({ length: total }, () => undefined);
    }
    if (this.parts.length !== total) throw new MalformedPacketError('fragment count changed');
    this.parts[number] = reader.rest();
    if (this.parts.some((part) => part === undefined)) return null;
    const whole = Buffer.concat(this.parts as Buffer[]);
    this.id = null;
    this.parts = [];
    return whole;
  }
}
