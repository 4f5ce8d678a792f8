import net from 'node:net';
import { decodeVarInt, encodeString, framePacket } from '../varint';

// The server side of the Minecraft Server List Ping (Java edition 1.7+,
// https://wiki.vg/Server_List_Ping): handshake, status request -> status JSON, ping -> pong.
// Tests script odd servers through its state; `pnpm demo` runs a living one.

export interface MinecraftStatusState {
  mode: 'ok' | 'silent' | 'garbage';
  online: number;
  max: number;
  sample: string[];
  version: string;
  motd: string;
}

export interface MinecraftStatusServer {
  port: number;
  state: MinecraftStatusState;
  close(): Promise<void>;
}

/** An offline-mode style UUID derived from the name, stable across answers. */
function sampleId(name: string, index: number): string {
  const hex = Buffer.from(`${name}:${index}`).toString('hex').padEnd(32, '0').slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The status answer (packet 0x00 carrying the status JSON). */
export function encodeStatusAnswer(state: MinecraftStatusState): Buffer {
  const status = {
    version: { name: state.version, protocol: 767 },
    players: {
      online: state.online,
      max: state.max,
      sample: state.sample.map((name, i) => ({ name, id: sampleId(name, i) })),
    },
    description: { text: state.motd },
  };
  return framePacket(0x00, encodeString(JSON.stringify(status)));
}

/** Splits complete length-prefixed packets off the front of a buffer. */
function takePackets(buffer: Buffer): { packets: Buffer[]; rest: Buffer } {
  const packets: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const length = decodeVarInt(buffer, offset);
    if (!length || buffer.length < offset + length.length + length.value) break;
    packets.push(buffer.subarray(offset + length.length, offset + length.length + length.value));
    offset += length.length + length.value;
  }
  return { packets, rest: buffer.subarray(offset) };
}

export async function startMinecraftStatusServer(
  initial: Partial<MinecraftStatusState> = {},
  port = 0,
  host = '127.0.0.1',
): Promise<MinecraftStatusServer> {
  const state: MinecraftStatusState = {
    mode: 'ok',
    online: 0,
    max: 20,
    sample: [],
    version: '1.21.1',
    motd: 'A fake Minecraft server',
    ...initial,
  };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let received: Buffer = Buffer.alloc(0);
    let handshaken = false;
    socket.on('data', (chunk) => {
      if (state.mode === 'silent') return;
      if (state.mode === 'garbage') return void socket.end(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0x01]));
      received = Buffer.concat([received, chunk]);
      let taken: { packets: Buffer[]; rest: Buffer };
      try {
        taken = takePackets(received);
      } catch {
        return void socket.destroy();
      }
      received = taken.rest;
      for (const packet of taken.packets) {
        const id = decodeVarInt(packet)?.value;
        if (!handshaken) {
          // The handshake (0x00: protocol, address, port, next state); only status is served.
          handshaken = id === 0x00;
          if (!handshaken) return void socket.destroy();
        } else if (id === 0x00) {
          socket.write(encodeStatusAnswer(state));
        } else if (id === 0x01) {
          // Ping: the pong echoes the client's 8-byte payload, then the exchange is over.
          socket.end(framePacket(0x01, packet.subarray(1)));
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
