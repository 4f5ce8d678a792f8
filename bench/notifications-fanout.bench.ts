// Budget: notification fan-out to 5,000 open SSE streams: all delivered <= 1 s, <= 30 KB per stream.
// The real app on a real port (SQLite; PostgreSQL too when TEST_DATABASE_URL is set, where
// delivery goes through LISTEN/NOTIFY). 5,000 users each hold one open stream; one
// notification is created for all of them at once through the notifications service.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSession } from '../api/src/modules/auth/sessions-service';
import { createNotificationForUsers } from '../api/src/modules/notifications/notifications-service';
import { startTestApp } from '../api/src/test-support/test-app';
import { testDatabases } from '../api/src/test-support/test-databases';
import type { BenchResult } from './run';

const STREAMS = 5000;
const BUDGET_MS = 1000;
const BUDGET_BYTES = 30 * 1024;

export default async function fanOut(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const kind of testDatabases()) {
    const t = await startTestApp(kind);
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as AddressInfo).port;
      const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
      const users: { id: string; cookie: string }[] = [];
      for (let i = 0; i < STREAMS; i++) {
        const id = `bench-${i}`;
        await t.database.db
          .insertInto('users')
          .values({
            id,
            steamid: null,
            name: id,
            avatar_hash: null,
            flags: '',
            immunity: 0,
            permission_codes: '[]',
            birth_month: null,
            birth_date: null,
            created_at: 1,
          })
          .execute();
        const { token } = await createSession(t.database.db, id, { ip: '127.0.0.1', countryCode: '' });
        users.push({ id, cookie: `outpost_session=${token}` });
      }
      let delivered = 0;
      let lastDelivery = 0;
      const bytes: number[] = new Array(STREAMS).fill(0);
      let allDelivered: () => void = () => undefined;
      const done = new Promise<void>((resolve) => {
        allDelivered = resolve;
      });
      const open = (user: { cookie: string }, index: number) =>
        new Promise<http.ClientRequest>((resolve, reject) => {
          const request = http.get(
            { host: '127.0.0.1', port, path: '/api/auth/notifications/sse', agent, headers: { cookie: user.cookie } },
            (response) => {
              let got = false;
              response.on('data', (chunk: Buffer) => {
                bytes[index] = (bytes[index] ?? 0) + chunk.length;
                if (!got && chunk.includes('data: ')) {
                  got = true;
                  delivered += 1;
                  lastDelivery = performance.now();
                  if (delivered === STREAMS) allDelivered();
                }
              });
              resolve(request);
            },
          );
          request.on('error', reject);
        });
      // Opened 250 at a time: the listen backlog, not the stream code, limits a burst of connects.
      const requests: http.ClientRequest[] = [];
      for (let from = 0; from < STREAMS; from += 250) {
        requests.push(...(await Promise.all(users.slice(from, from + 250).map((user, i) => open(user, from + i)))));
      }
      const started = performance.now();
      await createNotificationForUsers(
        t.database.db,
        users.map((user) => user.id),
        { level: 1, message: 'Server restarting in 5 minutes' },
      );
      const created = performance.now();
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      for (const request of requests) request.destroy();
      agent.destroy();
      const elapsed = delivered === STREAMS ? lastDelivery - started : Number.POSITIVE_INFINITY;
      const maxBytes = Math.max(...bytes);
      results.push({
        budget: `fan-out to ${STREAMS} SSE streams on ${kind.name}`,
        measured: `${delivered}/${STREAMS} delivered in ${elapsed.toFixed(0)} ms (creating took ${(created - started).toFixed(0)} ms)`,
        limit: `all in <= ${BUDGET_MS} ms`,
        ok: elapsed <= BUDGET_MS,
      });
      results.push({
        budget: `bytes per SSE stream on ${kind.name}`,
        measured: `${(maxBytes / 1024).toFixed(2)} KB at most`,
        limit: `<= ${BUDGET_BYTES / 1024} KB`,
        ok: maxBytes <= BUDGET_BYTES,
      });
    } finally {
      await t.close();
    }
  }
  return results;
}
