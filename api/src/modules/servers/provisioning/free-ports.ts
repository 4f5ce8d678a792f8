import dgram from 'node:dgram';
import net from 'node:net';

function tcpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function udpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', () => {
      socket.close();
      resolve(false);
    });
    socket.bind({ port, address: '0.0.0.0', exclusive: true }, () => socket.close(() => resolve(true)));
  });
}

/**
 * The first `count` consecutive ports in [low, high] that no stored server uses and that
 * this host can bind for both TCP and UDP (game, query and RCON share a port). Null if none.
 */
export async function findFreePorts(
  range: { low: number; high: number },
  count: number,
  taken: Set<number>,
): Promise<number | null> {
  for (let first = range.low; first + count - 1 <= range.high; first++) {
    let ok = true;
    for (let port = first; port < first + count && ok; port++) {
      ok = !taken.has(port) && (await tcpFree(port)) && (await udpFree(port));
    }
    if (ok) return first;
  }
  return null;
}

export function parsePortRange(text: string): { low: number; high: number } {
  const [low, high] = text.split('-').map(Number) as [number, number];
  return { low, high };
}
