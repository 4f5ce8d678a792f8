// Budget (issue 9 item 5): one client at the caps (as many notification streams as it
// may hold, and slow-header connections up to the per-address connection cap, and more
// that are refused) while /api/health p99 stays under 50 ms, measured against health
// p99 on the idle server in the same run. The real app on a real port (SQLite): the
// attacker binds 127.0.0.2, the health client 127.0.0.1, both on this machine.

import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { openSse, type SseConnection } from '../api/src/test-support/sse-client';
import { signInAs, startTestApp } from '../api/src/test-support/test-app';
import { testDatabases } from '../api/src/test-support/test-databases';
import type { BenchResult } from './run';

const P99_BUDGET_MS = 50;
const PROBES = 400;

async function healthP99(base: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < PROBES; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    if (response.status !== 200) return Number.POSITIVE_INFINITY;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.99) - 1] ?? Number.POSITIVE_INFINITY;
}

function slowHeaders(port: number): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' }, () => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      resolve(socket);
    });
    socket.on('error', () => resolve(null));
    socket.resume();
  });
}

export default async function abuseCaps(): Promise<BenchResult[]> {
  const kind = testDatabases()[0];
  if (!kind) return [];
  const t = await startTestApp(kind, { HEADERS_TIMEOUT_MS: '10000' });
  const streams: SseConnection[] = [];
  const sockets: net.Socket[] = [];
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const base = `http://127.0.0.1:${port}`;
    const idle = await healthP99(base);

    // Streams: one user opens twice the per-user cap (oldest closed), then other users
    // from the same address up to the per-address cap, and beyond it (refused 429).
    const perUser = t.config.SSE_MAX_STREAMS_PER_USER;
    const perIp = t.config.SSE_MAX_STREAMS_PER_IP;
    const member = await signInAs(t, { name: 'Member' });
    let refused = 0;
    for (let i = 0; i < perUser * 2; i++) {
      streams.push(await openSse(`${base}/api/auth/notifications/sse`, { cookie: member.headers.cookie }));
    }
    for (let i = 0; i < perIp; i++) {
      const user = await signInAs(t, { name: `Member ${i}` });
      const sse = await openSse(`${base}/api/auth/notifications/sse`, { cookie: user.headers.cookie });
      if (sse.status === 429) refused += 1;
      streams.push(sse);
    }
    const openStreams = streams.filter((sse) => sse.status === 200 && !sse.ended).length;

    // Slow-header connections from one address: three times the per-address cap.
    const capIp = t.config.MAX_CONNECTIONS_PER_IP;
    for (let i = 0; i < capIp * 3; i++) {
      const socket = await slowHeaders(port);
      if (socket) sockets.push(socket);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const heldSockets = sockets.filter((socket) => !socket.destroyed).length;
    const attacked = await healthP99(base);

    return [
      {
        budget: `/api/health p99 with one client at the caps (${openStreams} streams open, ${refused} refused; ${heldSockets} of ${capIp * 3} slow-header sockets held)`,
        measured: `${attacked.toFixed(1)} ms (idle ${idle.toFixed(1)} ms)`,
        limit: `< ${P99_BUDGET_MS} ms`,
        baseline: `idle p99 ${idle.toFixed(1)} ms`,
        ok: attacked < P99_BUDGET_MS,
        value: attacked,
        better: 'lower',
      },
      {
        budget: 'one client holds no more than the caps',
        measured: `${openStreams} streams (cap ${perIp} per address), ${heldSockets} sockets (cap ${capIp} per address)`,
        limit: `streams <= ${perIp}, sockets <= ${capIp}`,
        ok: openStreams <= perIp && heldSockets <= capIp,
      },
    ];
  } finally {
    for (const sse of streams) sse.close();
    for (const socket of sockets) socket.destroy();
    await t.close();
  }
}
