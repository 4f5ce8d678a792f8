import net from 'node:net';
import {
  decodeRconPackets,
  encodeRconPacket,
  SERVERDATA_AUTH,
  SERVERDATA_AUTH_RESPONSE,
  SERVERDATA_EXECCOMMAND,
  SERVERDATA_RESPONSE_VALUE,
} from '../rcon-packets';

// The server side of Source RCON (https://developer.valvesoftware.com/wiki/Source_RCON_Protocol):
// auth, commands, multi-packet output and srcds' answer to the empty-packet mirror. Tests script
// it through its state; `pnpm demo` gives it a handler that acts on its simulated server.

export interface RconServerState {
  password: string;
  /** hang: accepts the connection and never says a word. */
  mode: 'ok' | 'hang';
  /** A slow server: what arrives is read only once this settles (tests release it when they choose). */
  gate?: Promise<unknown>;
  /** What a command answers; unknown commands answer 'Unknown command "<name>"'. */
  responses: Record<string, string>;
  /** Asked first for every command; undefined falls back to `responses`. */
  handler?: (command: string) => string | undefined;
}

export interface RconServer {
  port: number;
  state: RconServerState;
  /** Every command run after a successful login, in order. */
  commands: string[];
  close(): Promise<void>;
}

/** Splits output into 4096-byte packets, as srcds does for long answers. */
function responsePackets(id: number, text: string): Buffer[] {
  const packets: Buffer[] = [];
  for (let start = 0; start < text.length || start === 0; start += 4000) {
    packets.push(encodeRconPacket({ id, type: SERVERDATA_RESPONSE_VALUE, body: text.slice(start, start + 4000) }));
    if (text.length === 0) break;
  }
  return packets;
}

/** A Source RCON server on `host` (loopback unless told). */
export async function startRconServer(
  initial: Partial<RconServerState> = {},
  port = 0,
  host = '127.0.0.1',
): Promise<RconServer> {
  const state: RconServerState = { password: 'secret', mode: 'ok', responses: {}, ...initial };
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (state.mode === 'hang') return;
    let buffered: Buffer = Buffer.alloc(0);
    let authed = false;
    // In arrival order, each after the gate (if any) in force when it arrived; at once when nothing is held.
    let reading: Promise<unknown> = Promise.resolve();
    let held = 0;
    socket.on('data', (chunk) => {
      const gate = state.gate;
      if (!gate && held === 0) return answer(chunk);
      held += 1;
      reading = reading
        .then(() => gate)
        .then(() => {
          held -= 1;
          answer(chunk);
        });
    });
    const answer = (chunk: Buffer) => {
      if (socket.destroyed) return;
      buffered = Buffer.concat([buffered, chunk]);
      const { packets, rest } = decodeRconPackets(buffered);
      buffered = rest;
      for (const packet of packets) {
        if (packet.type === SERVERDATA_AUTH) {
          authed = packet.body === state.password;
          socket.write(encodeRconPacket({ id: packet.id, type: SERVERDATA_RESPONSE_VALUE, body: '' }));
          socket.write(encodeRconPacket({ id: authed ? packet.id : -1, type: SERVERDATA_AUTH_RESPONSE, body: '' }));
          if (!authed) socket.end();
        } else if (!authed) {
          socket.destroy();
        } else if (packet.type === SERVERDATA_EXECCOMMAND) {
          commands.push(packet.body);
          const name = packet.body.split(' ')[0] ?? '';
          const text =
            state.handler?.(packet.body) ??
            state.responses[packet.body] ??
            state.responses[name] ??
            `Unknown command "${name}"\n`;
          for (const out of responsePackets(packet.id, text)) socket.write(out);
        } else if (packet.type === SERVERDATA_RESPONSE_VALUE) {
          // The mirror of the empty packet, then srcds' odd 0x01 follow-up.
          socket.write(encodeRconPacket({ id: packet.id, type: SERVERDATA_RESPONSE_VALUE, body: '' }));
          socket.write(encodeRconPacket({ id: packet.id, type: SERVERDATA_RESPONSE_VALUE, body: '\u0001' }));
        }
      }
    };
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    state,
    commands,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
