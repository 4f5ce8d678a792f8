// Run by enforcement.bench.ts in a process of its own, so the memory measured is an API
// instance's alone: in the bench's process the RSS also held what the benches before it had
// freed or not yet freed (one full run measured +110 MB on SQLite and -115 MB on PostgreSQL).
// `tsx channels-process.ts <database url> <channels> [socket|longpoll]` opens the API on a real
// port, gives <channels> game servers a plugin token, has a client process hold every one's
// command channel and prints {beforeMb, afterMb, heapBeforeMb, heapAfterMb} as JSON: the
// instance's RSS (and V8 heap used) after a full collection, warmed and idle, then with every
// channel held. `socket` (the default) holds GET /api/game/commands/socket WebSockets;
// `longpoll` holds GET /api/game/commands?wait=25, asked again when it answers, as a plugin does.
//
// Warmed first: a round of 200 channels held and let go, so the first requests' one-time costs
// (compiled routes and schemas, statement caches) are not counted. Both figures are taken with
// the instance settled idle (full collections 5 s apart, three times): V8's young generation
// (new_space) grows to 32 MB during a burst of connections and an idle instance shrinks it back
// (to 1-2 MB), and on PostgreSQL the burst's token checks leave old space with tens of MB of
// freed pages V8 gives back the same way. Measured 2 s after the burst instead, these one-time
// costs of any burst of traffic counted as the channels' (PostgreSQL: +61 and +81 MB RSS for
// 10,000 WebSockets whose V8 heap grew by 38.5 MB). Warming with a burst of all <channels>
// instead was tried and is not honest: the RSS grew by less than nothing (-14 MB on SQLite),
// the second burst reusing what the first had freed and the process kept.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import vm from 'node:vm';
import { hashToken, issueToken } from '../api/src/lib/tokens';
import { openInstance } from '../api/src/test-support/game-commands-kit';

// The idle plugins, in a process of their own (10,000 client sockets and 10,000 server
// sockets in one process pass the open files limit). Says 'open' once every one is held.
const CLIENT = `
const http = require('node:http');
process.once('message', ({ port, tokens, transport, wsPath }) => {
  const WebSocket = require(wsPath);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const holdPoll = (token) => new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/game/commands?wait=25', agent,
      headers: { authorization: 'Bearer ' + token } }, (response) => {
      response.resume();
      response.on('end', () => holdPoll(token).catch(() => {}));
    });
    request.on('error', reject);
    // Written and waiting: the API holds it.
    request.on('socket', () => resolve());
  });
  const holdSocket = (token) => new Promise((resolve, reject) => {
    const ws = new WebSocket('ws://127.0.0.1:' + port + '/api/game/commands/socket', {
      headers: { authorization: 'Bearer ' + token }, perMessageDeflate: false });
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const hold = transport === 'socket' ? holdSocket : holdPoll;
  (async () => {
    for (let from = 0; from < tokens.length; from += 250) await Promise.all(tokens.slice(from, from + 250).map(hold));
    process.send({ open: true });
  })().catch((error) => { console.error(error); process.exit(1); });
});
`;
// The client loads the API's own `ws` (the bench's folder does not depend on it).
const wsPath = createRequire(new URL('../api/package.json', import.meta.url)).resolve('ws');

const [databaseUrl, channelsArg, transport = 'socket'] = process.argv.slice(2);
const channels = Number(channelsArg);
if (!databaseUrl || !Number.isInteger(channels) || channels < 1 || !['socket', 'longpoll'].includes(transport))
  throw new Error('usage: channels-process.ts <database url> <channels> [socket|longpoll]');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
/**
 * RSS and V8 heap used (MB) of the instance settled idle: full collections 5 s apart, three
 * times, so V8 has shrunk what the last burst grew and an idle instance gives back (see the top).
 */
const measure = async () => {
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    gc();
  }
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: rss / 1024 / 1024, heap: heapUsed / 1024 / 1024 };
};

const spaces = () =>
  Object.fromEntries(
    v8.getHeapSpaceStatistics().map((space) => [space.space_name, Math.round(space.space_size / 1024 / 1024)]),
  );

/** Holds each token's channel from a client process until every one is held; answers the client. */
async function holdChannels(port: number, tokens: string[]) {
  const client = spawn(process.execPath, ['-e', CLIENT], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const opened = new Promise<void>((resolve, reject) => {
    client.once('message', () => resolve());
    client.once('exit', (code) => reject(new Error(`the channel client exited with ${code}`)));
  });
  client.send({ port, tokens, transport, wsPath });
  await opened;
  return client;
}

// Each process its own servers (the bench runs several on one database); removed at the end.
const prefix = `idle-${transport}-${process.pid}-`;
const t = await openInstance(databaseUrl, { MAX_CONNECTIONS_PER_IP: '0', MAX_CONNECTIONS: '100000' });
try {
  const tokens: string[] = [];
  for (let from = 0; from < channels; from += 500) {
    const rows = Array.from({ length: Math.min(500, channels - from) }, (_, i) => {
      const token = issueToken('gameServer');
      tokens.push(token);
      return { server_id: `${prefix}${from + i}`, token_hash: hashToken(token), created_at: 1, last_used: 1 };
    });
    await t.database.db.insertInto('game_tokens').values(rows).execute();
  }
  const port = Number(new URL(t.baseUrl).port);
  // Warmed as a running instance is (see the top).
  const warm = await holdChannels(port, tokens.slice(0, 200));
  await new Promise((resolve) => setTimeout(resolve, 500));
  warm.kill();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = await measure();
  if (process.env.CHANNELS_DETAIL) console.error(JSON.stringify({ ...spaces(), ...process.memoryUsage() }));
  const client = await holdChannels(port, tokens);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = await measure();
  if (process.env.CHANNELS_DETAIL) console.error(JSON.stringify({ ...spaces(), ...process.memoryUsage() }));
  client.kill();
  process.stdout.write(
    `${JSON.stringify({ beforeMb: before.rss, afterMb: after.rss, heapBeforeMb: before.heap, heapAfterMb: after.heap })}\n`,
  );
} finally {
  await t.database.db.deleteFrom('game_tokens').where('server_id', 'like', `${prefix}%`).execute();
  await t.close();
}
