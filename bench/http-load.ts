import { Worker } from 'node:worker_threads';

// A small keep-alive HTTP load generator in a worker thread (its own event loop, so it
// does not steal the server's): `connections` requests in flight for `seconds`.
const WORKER = `
const http = require('node:http');
const { workerData, parentPort } = require('node:worker_threads');
const { url, connections, seconds, headers } = workerData;
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
  parentPort.postMessage({ done, failed });
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
    const worker = new Worker(WORKER, { eval: true, workerData: { url, connections, seconds, headers } });
    worker.once('message', ({ done, failed }: { done: number; failed: number }) => {
      resolve({ requestsPerSecond: done / seconds, failed });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
