import { Worker } from 'node:worker_threads';

/**
 * SHA-256 of a file that is still being written, computed in a worker thread that reads the
 * file behind its writer (issue 30). On the event loop, hashing a 1 GB upload cost as much
 * CPU as writing it, and it ran in series with reading the socket: the upload managed a third
 * of a plain copy's speed. Reading the bytes back from the page cache in another thread costs
 * about a memory copy there and nothing here, so the socket, the disk and the hash overlap on
 * separate cores.
 *
 * The hash covers the bytes in the file, from its first byte: an append (a resumed download)
 * hashes what was there before without a pass of its own. Linux raises a file's size only once
 * a write's bytes are in place, so a reader never sees bytes that are not yet there; `finish`
 * checks at the end that exactly the expected number of bytes was read.
 */
export interface FileHasher {
  /** The file has grown: read what is new (cheap, call it every few MiB). */
  more(): void;
  /** The writer has finished (the file is closed) at `size` bytes: the hex SHA-256. */
  finish(size: number): Promise<string>;
  /** The file will not be finished: stop reading it. Safe to call at any time, more than once. */
  cancel(): void;
}

// Plain CommonJS run with `eval`: the same text works under tsx, vitest and the esbuild bundle,
// with no file of its own to find at run time. One worker serves every upload, in turns of at
// most TURN_BYTES, so one fast upload cannot hold back another's answer.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { createHash } = require('node:crypto');
const READ_BYTES = 1024 * 1024;
const TURN_BYTES = 16 * READ_BYTES;
const buffer = Buffer.allocUnsafe(READ_BYTES);
const jobs = new Map();
let scheduled = false;

function close(id) {
  const job = jobs.get(id);
  if (!job) return;
  jobs.delete(id);
  // Closed before the answer goes out: whoever gets it may move or remove the file at once.
  try {
    if (job.fd !== null) fs.closeSync(job.fd);
  } catch {}
}
function fail(id, error) {
  close(id);
  parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
}
// Reads what is new, at most TURN_BYTES; true when it reached the end of what is there.
function readSome(id, job) {
  let read = 0;
  while (read < TURN_BYTES) {
    const wanted = job.size === null ? READ_BYTES : Math.min(READ_BYTES, job.size - job.offset);
    if (wanted <= 0) return true;
    const n = fs.readSync(job.fd, buffer, 0, wanted, job.offset);
    if (n === 0) return true;
    job.hash.update(buffer.subarray(0, n));
    job.offset += n;
    read += n;
  }
  return false;
}
function step() {
  scheduled = false;
  for (const [id, job] of jobs) {
    if (!job.pending) continue;
    try {
      if (job.fd === null) job.fd = fs.openSync(job.path, 'r');
      if (!readSome(id, job)) continue;
      job.pending = false;
      if (job.size === null) continue;
      if (job.offset !== job.size) throw new Error('read ' + job.offset + ' bytes of ' + job.size);
      if (fs.readSync(job.fd, buffer, 0, 1, job.offset) !== 0) throw new Error('the file has more than ' + job.size + ' bytes');
      const sha256 = job.hash.digest('hex');
      close(id);
      parentPort.postMessage({ id, sha256 });
    } catch (error) {
      fail(id, error);
    }
  }
  if (!scheduled && [...jobs.values()].some((job) => job.pending)) {
    scheduled = true;
    setImmediate(step);
  }
}
parentPort.on('message', (message) => {
  if (message.type === 'start') {
    jobs.set(message.id, { path: message.path, fd: null, hash: createHash('sha256'), offset: 0, size: null, pending: true });
  } else {
    const job = jobs.get(message.id);
    if (!job) return;
    if (message.type === 'cancel') return close(message.id);
    if (message.type === 'finish') job.size = message.size;
    job.pending = true;
  }
  if (!scheduled) {
    scheduled = true;
    setImmediate(step);
  }
});
`;

interface Waiting {
  resolve: (sha256: string) => void;
  reject: (error: Error) => void;
}

type WorkerAnswer = { id: number; sha256: string } | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 1;
/** Jobs the worker has not answered yet, with whoever waits for the answer (once finished). */
const answers = new Map<number, { waiting: Waiting | null; answer: WorkerAnswer | null }>();

/** While a job is open the worker keeps the process alive (its answer is awaited); idle, it does not. */
function forget(id: number) {
  if (answers.delete(id) && answers.size === 0) worker?.unref();
}

function settle(id: number) {
  const entry = answers.get(id);
  if (!entry?.waiting || !entry.answer) return;
  forget(id);
  if ('sha256' in entry.answer) entry.waiting.resolve(entry.answer.sha256);
  else entry.waiting.reject(new Error(`hashing the staged file failed: ${entry.answer.error}`));
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.on('message', (answer: WorkerAnswer) => {
    const entry = answers.get(answer.id);
    if (!entry) return;
    entry.answer = answer;
    settle(answer.id);
  });
  const lost = (error: Error) => {
    if (worker !== started) return;
    worker = null;
    // Every job in it is lost: each fails, and the next upload starts a new worker.
    for (const [id, entry] of answers) {
      entry.answer = { id, error: error.message };
      settle(id);
    }
  };
  started.on('error', lost);
  started.on('exit', (code) => lost(new Error(`the hash worker exited with ${code}`)));
  worker = started;
  return started;
}

/** Starts hashing `file` (already created or truncated by its writer) as it grows. */
export function hashBehind(file: string): FileHasher {
  const id = nextId++;
  const hasher = theWorker();
  hasher.ref();
  answers.set(id, { waiting: null, answer: null });
  let done = false;
  hasher.postMessage({ type: 'start', id, path: file });
  return {
    more() {
      if (!done) hasher.postMessage({ type: 'more', id });
    },
    finish(size) {
      if (done) return Promise.reject(new Error('this hasher was already finished or cancelled'));
      done = true;
      return new Promise<string>((resolve, reject) => {
        const entry = answers.get(id);
        if (!entry) return reject(new Error('the hash worker lost this file'));
        entry.waiting = { resolve, reject };
        // An earlier failure (the worker died) is already recorded: answer it now.
        if (entry.answer) return settle(id);
        hasher.postMessage({ type: 'finish', id, size });
      });
    },
    cancel() {
      if (done) return;
      done = true;
      forget(id);
      hasher.postMessage({ type: 'cancel', id });
    },
  };
}
