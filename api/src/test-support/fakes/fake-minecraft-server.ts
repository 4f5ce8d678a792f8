import net from 'node:net';
import { decodeVarInt, encodeString, framePacket } from '../../protocols/varint';

export interface FakeMinecraftState {
  mode: 'ok' | 'silent' | 'garbage';
  online: number;
  max: number;
  sample: string[];
}

export interface FakeMinecraftServer {
  port: number;
  state: FakeMinecraftState;
  close(): Promise<void>;
}

/** A Minecraft server on loopback answering the Server List Ping (handshake, status request). */
export async function startFakeMinecraftServer(
  initial: Partial<FakeMinecraftState> = {},
): Promise<FakeMinecraftServer> {
  const state: FakeMinecraftState = { mode: 'ok', online: 0, max: 20, sample: [], ...initial };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let received: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      // Wait for the handshake and the one-byte status request that follows it.
      const first = decodeVarInt(received);
      if (!first || received.length < first.length + first.value + 2) return;
      if (state.mode === 'silent') return;
      if (state.mode === 'garbage') return void socket.end(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0x01]));
      const status = {
        version: { name: '1.21.1', protocol: 767 },
        players: {
          online: state.online,
          max: state.max,
          sample: state.sample.map((name, i) => ({
            name,
            id: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
          })),
        },
        description: { text: 'A fake Minecraft server' },
      };
      socket.write(framePacket(0x00, encodeString(JSON.stringify(status))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
