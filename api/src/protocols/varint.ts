import { MalformedPacketError } from './byte-reader';

/** Minecraft VarInt: 7 bits per byte, least significant group first, at most 5 bytes. */
export function encodeVarInt(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return Buffer.from(bytes);
}

/** Decodes a VarInt at offset; null when the buffer ends before it does. */
export function decodeVarInt(buffer: Buffer, offset = 0): { value: number; length: number } | null {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    if (offset + i >= buffer.length) return null;
    const byte = buffer[offset + i] as number;
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return { value, length: i + 1 };
  }
  throw new MalformedPacketError('VarInt longer than 5 bytes');
}

export function encodeString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([encodeVarInt(bytes.length), bytes]);
}

/** A packet: VarInt length, then the packet id and data. */
export function framePacket(id: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat([encodeVarInt(id), ...parts]);
  return Buffer.concat([encodeVarInt(body.length), body]);
}
