import dgram from 'node:dgram';
import dns from 'node:dns/promises';
import net from 'node:net';
import {
  type A2sInfo,
  type A2sMessage,
  type A2sPlayer,
  infoRequest,
  playerRequest,
  readChallenge,
  readInfo,
  readMessage,
  readPlayers,
  S2A_INFO,
  S2A_PLAYER,
  S2C_CHALLENGE,
  SPLIT_HEADER,
  SplitAssembler,
} from './a2s-packets';

/** What one server said: `silent` (nothing in time), `garbage` (something unreadable), or its info. */
export type A2sOutcome =
  | { kind: 'answered'; info: A2sInfo; players: A2sPlayer[] | null }
  | { kind: 'garbage' }
  | { kind: 'silent' };

type Delivery = A2sMessage | 'garbage' | 'timeout';

interface Exchange {
  assembler: SplitAssembler;
  waiter: ((delivery: Delivery) => void) | null;
}

const MAX_DATAGRAM = 65_507;

/**
 * An A2S client on one UDP socket shared by every query, so a sweep of a thousand servers
 * costs one file descriptor. Answers are routed by the sender's address and port; anything
 * unexpected is dropped or fails only the query it belongs to.
 */
export class A2sClient {
  private readonly exchanges = new Map<string, Exchange>();
  private readonly queues = new Map<string, Promise<unknown>>();

  private constructor(private readonly socket: dgram.Socket) {
    socket.on('message', (packet, from) => this.onPacket(packet, `${from.address}:${from.port}`));
    // A send to a closed port may surface as an ICMP error: the query just times out.
    socket.on('error', () => {});
  }

  static async open(): Promise<A2sClient> {
    const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
    await new Promise<void>((resolve) => socket.bind(0, resolve));
    return new A2sClient(socket);
  }

  close(): void {
    for (const exchange of this.exchanges.values()) exchange.waiter?.('timeout');
    this.socket.close();
  }

  /** Info then players, challenge handshakes included, all within timeoutMs. */
  async query(host: string, port: number, timeoutMs: number): Promise<A2sOutcome> {
    const deadline = Date.now() + timeoutMs;
    let address: string;
    try {
      address = net.isIPv4(host) ? host : (await dns.lookup(host, { family: 4 })).address;
    } catch {
      return { kind: 'silent' };
    }
    const key = `${address}:${port}`;
    // Two queries to one address would steal each other's answers: run them in turn.
    const previous = this.queues.get(key) ?? Promise.resolve();
    const run = previous.then(() => this.exchange(key, address, port, deadline));
    const settled = run.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return run;
  }

  private async exchange(key: string, address: string, port: number, deadline: number): Promise<A2sOutcome> {
    const exchange: Exchange = { assembler: new SplitAssembler(), waiter: null };
    this.exchanges.set(key, exchange);
    try {
      const info = await this.ask(exchange, address, port, deadline, infoRequest, S2A_INFO);
      if (info === 'timeout') return { kind: 'silent' };
      if (info === 'garbage') return { kind: 'garbage' };
      let parsed: A2sInfo;
      try {
        parsed = readInfo(info.body);
      } catch {
        return { kind: 'garbage' };
      }
      const answer = await this.ask(exchange, address, port, deadline, playerRequest, S2A_PLAYER);
      let players: A2sPlayer[] | null = null;
      if (typeof answer !== 'string') {
        try {
          players = readPlayers(answer.body);
        } catch {
          players = null;
        }
      }
      return { kind: 'answered', info: parsed, players };
    } finally {
      this.exchanges.delete(key);
    }
  }

  /** Sends a request, answers one challenge by resending with it, and waits for `wanted`. */
  private async ask(
    exchange: Exchange,
    address: string,
    port: number,
    deadline: number,
    request: (challenge?: Buffer) => Buffer,
    wanted: number,
  ): Promise<Delivery> {
    let packet = request();
    for (let round = 0; round < 3; round++) {
      const delivery = await this.sendAndWait(exchange, packet, address, port, deadline);
      if (typeof delivery === 'string') return delivery;
      if (delivery.kind === wanted) return delivery;
      if (delivery.kind !== S2C_CHALLENGE) return 'garbage';
      try {
        packet = request(readChallenge(delivery.body));
      } catch {
        return 'garbage';
      }
    }
    return 'garbage';
  }

  private sendAndWait(exchange: Exchange, packet: Buffer, address: string, port: number, deadline: number) {
    return new Promise<Delivery>((resolve) => {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return resolve('timeout');
      const timer = setTimeout(() => finish('timeout'), remaining);
      const finish = (delivery: Delivery) => {
        clearTimeout(timer);
        exchange.waiter = null;
        resolve(delivery);
      };
      exchange.waiter = finish;
      this.socket.send(packet, port, address, (error) => {
        if (error) finish('timeout');
      });
    });
  }

  private onPacket(packet: Buffer, key: string): void {
    const exchange = this.exchanges.get(key);
    if (!exchange?.waiter || packet.length > MAX_DATAGRAM) return;
    let delivery: Delivery;
    try {
      if (packet.length >= 4 && packet.readInt32LE(0) === SPLIT_HEADER) {
        const whole = exchange.assembler.add(packet);
        if (!whole) return;
        delivery = readMessage(whole);
      } else {
        delivery = readMessage(packet);
      }
    } catch {
      delivery = 'garbage';
    }
    exchange.waiter(delivery);
  }
}
