import net from 'node:net';
import { MalformedPacketError } from './byte-reader';
import { decodeVarInt, encodeString, encodeVarInt, framePacket } from './varint';

// Minecraft Server List Ping (Java edition, 1.7+): https://wiki.vg/Server_List_Ping

export interface MinecraftStatus {
  online: number;
  max: number;
  sample: { name: string }[];
  version: string;
}

export type MinecraftOutcome = { kind: 'answered'; status: MinecraftStatus } | { kind: 'garbage' } | { kind: 'silent' };

/** Status JSON carries a favicon (base64 PNG); anything far beyond that is hostile. */
const MAX_RESPONSE_BYTES = 512 * 1024;

function handshake(host: string, port: number): Buffer {
  const portBytes = Buffer.alloc(2);
  portBytes.writeUInt16BE(port);
  // Protocol -1: "which version do you speak"; next state 1: status.
  return Buffer.concat([
    framePacket(0x00, encodeVarInt(-1), encodeString(host), portBytes, encodeVarInt(1)),
    framePacket(0x00),
  ]);
}

/** Parses the one status answer once all of it has arrived; null while incomplete. */
export function parseStatusResponse(buffer: Buffer): MinecraftStatus | null {
  const length = decodeVarInt(buffer);
  if (!length) return null;
  if (length.value <= 0 || length.value > MAX_RESPONSE_BYTES) throw new MalformedPacketError('bad packet length');
  if (buffer.length < length.length + length.value) return null;
  const body = buffer.subarray(length.length, length.length + length.value);
  const id = decodeVarInt(body);
  if (id?.value !== 0) throw new MalformedPacketError('not a status answer');
  const textLength = decodeVarInt(body, id.length);
  if (!textLength) throw new MalformedPacketError('short status answer');
  const start = id.length + textLength.length;
  if (textLength.value < 0 || start + textLength.value > body.length) throw new MalformedPacketError('bad string');
  const json = JSON.parse(body.toString('utf8', start, start + textLength.value)) as Record<string, any>;
  const players = json?.players ?? {};
  const sample = Array.isArray(players.sample) ? players.sample : [];
  return {
    online: Number.isInteger(players.online) ? players.online : 0,
    max: Number.isInteger(players.max) ? players.max : 0,
    sample: sample
      .filter((entry: unknown) => typeof (entry as { name?: unknown })?.name === 'string')
      .slice(0, 100)
      .map((entry: { name: string }) => ({ name: entry.name.slice(0, 64) })),
    version: typeof json?.version?.name === 'string' ? json.version.name.slice(0, 64) : '',
  };
}

/** One Server List Ping over TCP, bounded by timeoutMs from connect to answer. */
export function pingMinecraft(host: string, port: number, timeoutMs: number): Promise<MinecraftOutcome> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let received: Buffer = Buffer.alloc(0);
    let connected = false;
    const finish = (outcome: MinecraftOutcome) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish(connected ? { kind: 'garbage' } : { kind: 'silent' }), timeoutMs);
    socket.on('connect', () => {
      connected = true;
      socket.write(handshake(host, port));
    });
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      try {
        const status = parseStatusResponse(received);
        if (status) finish({ kind: 'answered', status });
        else if (received.length > MAX_RESPONSE_BYTES + 8) finish({ kind: 'garbage' });
      } catch {
        finish({ kind: 'garbage' });
      }
    });
    socket.on('error', () => finish(connected ? { kind: 'garbage' } : { kind: 'silent' }));
    socket.on('close', () => finish(connected ? { kind: 'garbage' } : { kind: 'silent' }));
  });
}
