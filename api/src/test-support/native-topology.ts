import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The deploy/ topology (nginx in front of API replicas on PostgreSQL) with native processes,
// for the test that proves it: containers cannot be built on CI machines, the shipped nginx
// configuration and the real server entry point can be run as they are.

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHIPPED_NGINX_CONFIG = path.resolve(API_DIR, '../deploy/nginx/nginx.conf');

/** Debian's nginx: /usr/sbin/nginx, else NGINX_PATH, else null. */
export function findNginx(): string | null {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

export interface NginxPlacement {
  /** Port nginx listens on (127.0.0.1). */
  port: number;
  /** host:port of each API instance, replacing the shipped api-1:8080, api-2:8080. */
  upstreams: [string, string];
  /** The web root, replacing /srv/outpost. */
  webRoot: string;
  /** A folder for the pid file and temporary files (replacing /run and /var/cache/nginx). */
  runDir: string;
}

/**
 * The shipped configuration with only its ports and paths replaced. Each replacement must
 * hit, so a change to the shipped file that the test would silently not cover fails here.
 */
export function renderNginxConfig(shipped: string, placement: NginxPlacement): string {
  let text = shipped;
  const replace = (from: string, to: string, times: number | 'all') => {
    const hits = text.split(from).length - 1;
    if (hits === 0 || (times !== 'all' && hits !== times)) {
      throw new Error(
        `deploy/nginx/nginx.conf: expected ${times} of "${from}", found ${hits}: update the test renderer`,
      );
    }
    text = text.split(from).join(to);
  };
  replace('listen 80;', `listen 127.0.0.1:${placement.port};`, 1);
  replace('server api-1:8080 ', `server ${placement.upstreams[0]} `, 1);
  replace('server api-2:8080 ', `server ${placement.upstreams[1]} `, 1);
  replace('/srv/outpost', placement.webRoot, 'all');
  replace('pid /run/nginx.pid;', `pid ${path.join(placement.runDir, 'nginx.pid')};`, 1);
  replace('/var/cache/nginx', path.join(placement.runDir, 'cache'), 'all');
  // Answers are logged to stdout in the container; the test keeps them in a file.
  replace('access_log /dev/stdout;', `access_log ${path.join(placement.runDir, 'access.log')};`, 1);
  return text;
}

/** A child process with its output kept (shown when a test fails). */
export interface RunningProcess {
  name: string;
  child: ChildProcess;
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function track(name: string, child: ChildProcess): RunningProcess {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Checks the configuration (nginx -t), then runs nginx in the foreground. */
export function startNginx(nginx: string, configFile: string, runDir: string): RunningProcess {
  fs.mkdirSync(path.join(runDir, 'cache'), { recursive: true });
  const args = ['-e', 'stderr', '-p', runDir, '-c', configFile];
  try {
    execFileSync(nginx, [...args, '-t'], { stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`nginx -t refused the rendered deploy/nginx/nginx.conf:\n${stderr}`);
  }
  return track('nginx', spawn(nginx, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** The API's real entry point (src/server.ts, through tsx), with the given environment. */
export function startApiProcess(name: string, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return track(name, child);
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP request without any decoding (so compressed bodies are compared byte for byte). */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; localAddress?: string; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.localAddress, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer from ${url} in 15 s`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Holds the first port of `candidates` that is free now (listening on it), until `release`.
 * Fixed ports can be taken for a moment by any outgoing connection (they lie in the
 * ephemeral range), so a test takes the next candidate instead of failing.
 */
export async function reservePort(candidates: number[]): Promise<{ port: number; release(): Promise<void> }> {
  for (const port of candidates) {
    const server = net.createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) return { port, release: () => new Promise((resolve) => server.close(() => resolve())) };
  }
  throw new Error(`none of the ports ${candidates.join(', ')} is free`);
}

/** Waits until `check` holds, polling every 25 ms; returns how long it took. */
export async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

/**
 * Which of `pids` owns a TCP socket whose local port is `port` (Linux /proc): tells which API
 * process holds a given PostgreSQL backend (pg_stat_activity.client_port).
 */
export function pidOwningLocalPort(port: number, pids: number[]): number | null {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const local = columns[1]?.split(':');
      if (local && Number.parseInt(local[local.length - 1] as string, 16) === port && columns[9])
        inodes.add(columns[9]);
    }
  }
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && inodes.has(inode)) return pid;
      } catch {
        // The descriptor closed meanwhile.
      }
    }
  }
  return null;
}
