import { MalformedPacketError } from './byte-reader';

// Source RCON: https://developer.valvesoftware.com/wiki/Source_RCON_Protocol

export const SERVERDATA_AUTH = 3;
export const SERVERDATA_AUTH_RESPONSE = 2;
export const SERVERDATA_EXECCOMMAND = 2;
export const SERVERDATA_RESPONSE_VALUE = 0;

/** The largest packet a server sends is 4096 bytes of body; allow headroom, refuse the rest. */
export const MAX_PACKET_SIZE = 4096 + 14 + 1024;

export interface RconPacket {
  id: number;
  type: number;
  body: string;
}

export function encodeRconPacket({ id, type, body }: RconPacket): Buffer {
  const text = Buffer.from(body, 'utf8');
  const packet = Buffer.alloc(4 + 4 + 4 + text.length + 2);
  packet.writeInt32LE(packet.length - 4, 0);
  packet.writeInt32LE(id, 4);
  packet.writeInt32LE(type, 8);
  text.copy(packet, 12);
  return packet;
}

/** Splits a TCP stream into packets: returns the whole ones and the bytes left over. */
export function decodeRconPackets(buffer: Buffer): { packets: RconPacket[]; rest: Buffer } {
  const packets: RconPacket[] = [];
  let offset = 0;
  while (buffer.length - offset >= 4) {
    const size = buffer.readInt32LE(offset);
    if (size < 10 || size > MAX_PACKET_SIZE) throw new MalformedPacketError(`bad RCON packet size ${size}`);
    if (buffer.length - offset - 4 < size) break;
    const id = buffer.readInt32LE(offset + 4);
    const type = buffer.readInt32LE(offset + 8);
    // Body is NUL-terminated; a trailing empty string follows it.
    const bodyEnd = buffer.indexOf(0, offset + 12);
    const end = offset + 4 + size;
    const body = buffer.toString('utf8', offset + 12, bodyEnd === -1 || bodyEnd > end ? end : bodyEnd);
    packets.push({ id, type, body });
    offset = end;
  }
  return { packets, rest: buffer.subarray(offset) };
}
