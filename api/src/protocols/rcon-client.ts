import net from 'node:net';
import {
  decodeRconPackets,
  encodeRconPacket,
  type RconPacket,
  SERVERDATA_AUTH,
  SERVERDATA_AUTH_RESPONSE,
  SERVERDATA_EXECCOMMAND,
  SERVERDATA_RESPONSE_VALUE,
} from './rcon-packets';

export type RconFailure = 'auth' | 'unreachable' | 'timeout' | 'protocol';

export class RconError extends Error {
  override name = 'RconError';
  constructor(
    readonly reason: RconFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface RconTarget {
  host: string;
  port: number;
  password: string;
  timeoutMs: number;
}

/** Output larger than this is cut: an action's answer is for a toast and a log line. */
const MAX_OUTPUT_CHARS = 256 * 1024;
const AUTH_ID = 1;
const COMMAND_ID = 2;
const END_MARKER_ID = 3;

/**
 * Connects, authenticates and runs one command, returning its whole output. Multi-packet
 * answers are ended by the empty-packet trick: after the command we send an empty
 * RESPONSE_VALUE, which the server mirrors only after the command's last packet.
 */
export function runRconCommand(target: RconTarget, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target.host, port: target.port });
    let buffered: Buffer = Buffer.alloc(0);
    let authenticated = false;
    let output = '';
    let settled = false;
    const settle = (error: RconError | null, value = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(value);
    };
    const timer = setTimeout(
      () => settle(new RconError('timeout', `No RCON answer from ${target.host}:${target.port} in time`)),
      target.timeoutMs,
    );

    const onPacket = (packet: RconPacket) => {
      if (!authenticated) {
        // Servers send an empty RESPONSE_VALUE before the AUTH_RESPONSE: skip it.
        if (packet.type !== SERVERDATA_AUTH_RESPONSE) return;
        if (packet.id === -1 || packet.id !== AUTH_ID) {
          return settle(new RconError('auth', 'The server refused the RCON password'));
        }
        authenticated = true;
        socket.write(encodeRconPacket({ id: COMMAND_ID, type: SERVERDATA_EXECCOMMAND, body: command }));
        socket.write(encodeRconPacket({ id: END_MARKER_ID, type: SERVERDATA_RESPONSE_VALUE, body: '' }));
        return;
      }
      if (packet.id === END_MARKER_ID) return settle(null, output);
      if (packet.id === COMMAND_ID && output.length < MAX_OUTPUT_CHARS) {
        output = (output + packet.body).slice(0, MAX_OUTPUT_CHARS);
      }
    };

    socket.on('connect', () => {
      socket.write(encodeRconPacket({ id: AUTH_ID, type: SERVERDATA_AUTH, body: target.password }));
    });
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      try {
        const { packets, rest } = decodeRconPackets(buffered);
        buffered = rest;
        for (const packet of packets) {
          onPacket(packet);
          if (settled) return;
        }
      } catch (error) {
        settle(new RconError('protocol', (error as Error).message));
      }
    });
    socket.on('error', (error) =>
      settle(new RconError('unreachable', `Cannot reach RCON at ${target.host}:${target.port}: ${error.message}`)),
    );
    socket.on('close', () =>
      settle(new RconError('unreachable', `RCON connection to ${target.host}:${target.port} closed early`)),
    );
  });
}
