import { spawn } from 'node:child_process';

// A small keep-alive HTTP load generator in a child process (its own event loop, so it does
// not steal the server's, and its own CPU time, so process.cpuUsage() in the server's process
// is the server's work alone): `connections` requests in flight for `seconds`.
const GENERATOR = `
const http = require('node:http');
const { url, connections, seconds, headers } = JSON.parse(process.env.OUTPOST_LOAD_TEST);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const until = Date.now() + seconds * 1000;
let done = 0, failed = 0;
function one() {
  if (Date.now() >= until) return Promise.resolve();
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => { if (response.statusCode === 200) done++; else failed++; resolve(); });
    });
    request.on('error', () => { failed++; resolve(); });
  }).then(one);
}
Promise.all(Array.from({ length: connections }, one)).then(() => {
  agent.destroy();
  process.send({ done, failed }, () => process.exit(0));
});
`;

export interface LoadResult {
  requestsPerSecond: number;
  failed: number;
}

export function loadTest(
  url: string,
  seconds: number,
  connections = 32,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', GENERATOR], {
      env: { ...process.env, OUTPOST_LOAD_TEST: JSON.stringify({ url, connections, seconds, headers }) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message) => {
      const { done, failed } = message as { done: number; failed: number };
      resolve({ requestsPerSecond: done / seconds, failed });
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
  });
}
