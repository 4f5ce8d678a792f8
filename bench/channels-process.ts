// Run by enforcement.bench.ts in a process of its own, so the memory measured is an API
// instance's alone: in the bench's process the RSS also held what the benches before it had
// freed or not yet freed (one full run measured +110 MB on SQLite and -115 MB on PostgreSQL).
// `tsx channels-process.ts <database url> <channels>` opens the API on a real port, gives
// <channels> game servers a plugin token, has a client process hold every one's command
// channel (GET /api/game/commands?wait=25, asked again when it answers, as a plugin does) and
// prints {beforeMb, afterMb} as JSON: the instance's RSS after a full collection, warmed and
// idle, then with every channel held.
import { spawn } from 'node:child_process';
import v8 from 'node:v8';
import vm from 'node:vm';
import { hashToken, issueToken } from '../api/src/lib/tokens';
import { openInstance } from '../api/src/test-support/game-commands-kit';

// The idle plugins, in a process of their own (10,000 client sockets and 10,000 server
// sockets in one process pass the open files limit). Says 'open' once every one is held.
const CLIENT = `
const http = require('node:http');
process.once('message', ({ port, tokens }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const hold = (token) => new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/game/commands?wait=25', agent,
      headers: { authorization: 'Bearer ' + token } }, (response) => {
      response.resume();
      response.on('end', () => hold(token).catch(() => {}));
    });
    request.on('error', reject);
    // Written and waiting: the API holds it.
    request.on('socket', () => resolve());
  });
  (async () => {
    for (let from = 0; from < tokens.length; from += 250) await Promise.all(tokens.slice(from, from + 250).map(hold));
    process.send({ open: true });
  })();
});
`;

const [databaseUrl, channelsArg] = process.argv.slice(2);
const channels = Number(channelsArg);
if (!databaseUrl || !Number.isInteger(channels) || channels < 1)
  throw new Error('usage: channels-process.ts <database url> <channels>');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const rssMb = () => {
  gc();
  return process.memoryUsage().rss / 1024 / 1024;
};

/** Holds each token's channel from a client process until every one is held; answers the client. */
async function holdChannels(port: number, tokens: string[]) {
  const client = spawn(process.execPath, ['-e', CLIENT], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const opened = new Promise<void>((resolve, reject) => {
    client.once('message', () => resolve());
    client.once('exit', (code) => reject(new Error(`the channel client exited with ${code}`)));
  });
  client.send({ port, tokens });
  await opened;
  return client;
}

const t = await openInstance(databaseUrl, { MAX_CONNECTIONS_PER_IP: '0', MAX_CONNECTIONS: '100000' });
try {
  const tokens: string[] = [];
  for (let from = 0; from < channels; from += 500) {
    const rows = Array.from({ length: Math.min(500, channels - from) }, (_, i) => {
      const token = issueToken('gameServer');
      tokens.push(token);
      return { server_id: `idle-${from + i}`, token_hash: hashToken(token), created_at: 1, last_used: 1 };
    });
    await t.database.db.insertInto('game_tokens').values(rows).execute();
  }
  const port = Number(new URL(t.baseUrl).port);
  // Warmed as a running instance is: a round of channels held and let go first, so the first
  // requests' one-time costs (compiled routes and schemas, statement caches) are not counted.
  const warm = await holdChannels(port, tokens.slice(0, 200));
  await new Promise((resolve) => setTimeout(resolve, 500));
  warm.kill();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const beforeMb = rssMb();
  const detail0 = process.memoryUsage();
  const client = await holdChannels(port, tokens);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const afterMb = rssMb();
  // The V8 heap's share, to tell the channels' objects from the rest (CHANNELS_DETAIL=1).
  if (process.env.CHANNELS_DETAIL) console.error(JSON.stringify({ before: detail0, after: process.memoryUsage() }));
  client.kill();
  process.stdout.write(`${JSON.stringify({ beforeMb, afterMb })}\n`);
} finally {
  await t.close();
}
