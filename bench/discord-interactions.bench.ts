// Budget (issue 26, DESIGN section 5): a Discord interaction is answered or deferred in
// <= 500 ms p95 on loopback with 50 concurrent interactions. The real app on a real port
// (SQLite; PostgreSQL too when TEST_DATABASE_URL is set), the fake Discord signing every
// interaction with its key and receiving the deferred answers' follow-ups. Each round sends 50
// at once, as a busy staff room would: /lookup and /ban (deferred: their work, bans told to the
// servers and follow-ups to Discord, carries on behind the next rounds), /servers and /note
// (answered directly) and autocomplete. The same run's signed PINGs (signature and transport
// only) are the baseline beside it. DISCORD_BENCH_ROUNDS sets the rounds (default 10).

import { Worker } from 'node:worker_threads';
import { linkDiscord, saveDiscordBot } from '../api/src/test-support/discord-test-kit';
import { startFakeDiscordBot } from '../api/src/test-support/fakes/fake-discord-bot';
import { openInstance } from '../api/src/test-support/game-commands-kit';
import { seedServer } from '../api/src/test-support/players-bans-notes-fixtures';
import { signInAs } from '../api/src/test-support/test-app';
import { testDatabases } from '../api/src/test-support/test-databases';
import type { BenchResult } from './run';
import { median, p95 } from './sample-stats';

const CONCURRENT = 50;
const ROUNDS = Number(process.env.DISCORD_BENCH_ROUNDS ?? 10);
const PLAYERS = 2000;
const BUDGET_P95_MS = 500;
const MODERATOR_DISCORD = '230000000000000001';

// The client in a worker thread (its own event loop, so it does not steal the server's): it
// sends a batch at once over keep-alive connections and answers each one's time to the answer.
const CLIENT = `
const http = require('node:http');
const { workerData, parentPort } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const url = new URL(workerData.url);
const one = ({ body, headers }) => new Promise((resolve) => {
  const started = performance.now();
  const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent,
    headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
    let text = '';
    response.on('data', (chunk) => { text += chunk; });
    response.on('end', () => {
      let type = null;
      try { type = JSON.parse(text).type; } catch {}
      resolve({ ms: performance.now() - started, status: response.statusCode, type, text: text.slice(0, 200) });
    });
  });
  request.on('error', (error) => resolve({ ms: performance.now() - started, status: 0, type: null, text: error.message }));
  request.end(body);
});
parentPort.on('message', async (requests) => {
  if (requests === 'close') { agent.destroy(); return parentPort.close(); }
  parentPort.postMessage(await Promise.all(requests.map(one)));
});
`;

interface Sent {
  ms: number;
  status: number;
  type: number | null;
  text: string;
}

class Client {
  private readonly worker: Worker;
  constructor(url: string) {
    this.worker = new Worker(CLIENT, { eval: true, workerData: { url } });
  }
  async send(requests: { body: string; headers: Record<string, string> }[]): Promise<Sent[]> {
    const answered = await new Promise<Sent[]>((resolve, reject) => {
      this.worker.once('message', resolve);
      this.worker.once('error', reject);
      this.worker.postMessage(requests.map(({ body, headers }) => ({ body, headers })));
    });
    const failed = answered.find((answer) => answer.status !== 200);
    if (failed) throw new Error(`interaction: ${failed.status} ${failed.text}`);
    return answered;
  }
  close(): Promise<number> {
    return this.worker.terminate();
  }
}

const steamidOf = (i: number) => String(76561197960265728n + 5000n + BigInt(i));

export default async function discordInteractions(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const kind of testDatabases()) {
    const created = await kind.create();
    const discord = await startFakeDiscordBot();
    const t = await openInstance(created.url, {
      MAX_CONNECTIONS_PER_IP: '0',
      DISCORD_API_URL: discord.apiUrl,
    });
    const client = new Client(`${t.baseUrl}/api/discord/interactions`);
    try {
      const owner = await signInAs(t, { name: 'Owner', flags: 'z' });
      const moderator = await signInAs(t, {
        name: 'Moderator',
        codes: ['players.view', 'bans.create', 'notes.create', 'notes.view-private'],
        immunity: 10,
      });
      await linkDiscord(t, moderator.userId, MODERATOR_DISCORD);
      await saveDiscordBot(t, owner, discord);
      for (let i = 0; i < 20; i++) await seedServer(t, `bench-${i}`, `Bench ${i}`);
      const now = Math.floor(Date.now() / 1000);
      for (let from = 0; from < PLAYERS; from += 500) {
        const rows = Array.from({ length: Math.min(500, PLAYERS - from) }, (_, k) => {
          const i = from + k;
          return {
            steamid: steamidOf(i),
            name: `Player ${i}`,
            name_search: `player ${i}`,
            user_id: null,
            first_seen: now - 86_400,
            last_seen: now - (i % 3600),
          };
        });
        await t.database.db.insertInto('players').values(rows).execute();
      }

      let sent = 0;
      /** A signed request for the client thread (signed here: the client only sends). */
      const signed = (payload: Record<string, unknown>) => {
        const token = `bench-token-${++sent}`;
        const body = JSON.stringify({ ...payload, id: '330000000000000001', token });
        return { token, body, headers: discord.signedHeaders(body) };
      };
      const send = async (payloads: Record<string, unknown>[]) => {
        const requests = payloads.map(signed);
        const answered = await client.send(requests);
        return answered.map((answer, i) => ({ ...answer, token: requests[i]?.token as string }));
      };
      const as = { member: { user: { id: MODERATOR_DISCORD } } };
      const option = (name: string, value: string) => ({ name, value });
      /** The i-th interaction of a round: a mix weighted to the deferred commands. */
      const interaction = (round: number, i: number): Record<string, unknown> => {
        const player = steamidOf((round * CONCURRENT + i) % PLAYERS);
        switch (i % 5) {
          case 0:
          case 1:
            return { type: 2, ...as, data: { name: 'lookup', options: [option('player', player)] } };
          case 2:
            return {
              type: 2,
              ...as,
              data: {
                name: 'ban',
                options: [option('player', player), option('length', '1d'), option('reason', 'Bench')],
              },
            };
          case 3:
            return i % 2 === 0
              ? { type: 2, ...as, data: { name: 'servers', options: [] } }
              : {
                  type: 2,
                  ...as,
                  data: { name: 'note', options: [option('player', player), option('text', 'Bench')] },
                };
          default:
            return {
              type: 4,
              ...as,
              data: { name: 'lookup', options: [{ name: 'player', value: `Player ${i}`, focused: true }] },
            };
        }
      };

      // Warm-up (connections, statements), not counted.
      await send(Array.from({ length: CONCURRENT }, () => ({ type: 1 })));
      const pings: number[] = [];
      const answers: number[] = [];
      const deferredMs: number[] = [];
      const directMs: number[] = [];
      const deferred: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const pinged = await send(Array.from({ length: CONCURRENT }, () => ({ type: 1 })));
        pings.push(...pinged.map((answer) => answer.ms));
        const answered = await send(Array.from({ length: CONCURRENT }, (_, i) => interaction(round, i)));
        answers.push(...answered.map((answer) => answer.ms));
        for (const answer of answered) (answer.type === 5 ? deferredMs : directMs).push(answer.ms);
        deferred.push(...answered.filter((answer) => answer.type === 5).map((answer) => answer.token));
      }
      // Every deferred answer must reach Discord too (else the figure hides work left undone).
      const followedStarted = performance.now();
      await Promise.all(deferred.map((token) => discord.followUpOf(token, 60_000)));
      const followUpsMs = performance.now() - followedStarted;
      const worst = p95(answers);
      results.push({
        budget: `Discord interaction answered or deferred, ${CONCURRENT} concurrent, on ${kind.name}`,
        measured: `p95 ${worst.toFixed(0)} ms, median ${median(answers).toFixed(0)} ms (${answers.length} interactions; ${deferred.length} deferred p95 ${p95(deferredMs).toFixed(0)} ms, the others p95 ${p95(directMs).toFixed(0)} ms; every follow-up arrived, the last ${followUpsMs.toFixed(0)} ms after the last round)`,
        baseline: `signed PING p95 ${p95(pings).toFixed(0)} ms, median ${median(pings).toFixed(0)} ms`,
        limit: `p95 <= ${BUDGET_P95_MS} ms`,
        ok: worst <= BUDGET_P95_MS,
        value: worst,
        better: 'lower',
      });
    } finally {
      await client.close();
      await t.close();
      await discord.close();
      await created.drop();
    }
  }
  return results;
}
