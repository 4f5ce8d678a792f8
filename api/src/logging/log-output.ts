import { Writable } from 'node:stream';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config';
import { lazyChildLogger } from './lazy-request-logger';

// Where the API's log goes and how it reads (issue 24): JSON lines for log collectors when
// stdout is not a terminal, one short readable line per entry in a terminal. Request lines
// are `debug`, so the start-up banner is not scrolled away at the default `info`.

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every pino line carries: shown in the line's head or not at all. */
const HEAD_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

/** One pino JSON line as a terminal line: `12:03:04 WARN message key=value ...`. */
export function prettyLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 19) : '';
  const level = LEVEL_NAMES[entry.level as number] ?? String(entry.level);
  const extras: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (HEAD_FIELDS.has(key) || value === undefined) continue;
    if (key === 'err' && value && typeof value === 'object' && 'stack' in value) {
      extras.push(`\n${String((value as { stack: unknown }).stack)}`);
      continue;
    }
    extras.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return [time, level.padEnd(5), String(entry.msg ?? ''), ...extras].filter(Boolean).join(' ');
}

/** A stream taking pino's JSON lines and writing them readable to `out`. */
export function prettyLogStream(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const lines = chunk.toString('utf8').split('\n').filter(Boolean);
      out.write(`${lines.map(prettyLogLine).join('\n')}\n`);
      done();
    },
  });
}

export type LogFormat = Config['LOG_FORMAT'];

/** pretty when asked, or when `auto` and the output is a terminal; JSON otherwise. */
export function resolveLogFormat(format: LogFormat, isTTY: boolean | undefined): 'pretty' | 'json' {
  if (format === 'auto') return isTTY ? 'pretty' : 'json';
  return format;
}

/** Fastify's logger options for this config, writing to `out` (stdout by default). */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'childLoggerFactory'> {
  const stream = resolveLogFormat(config.LOG_FORMAT, out.isTTY) === 'pretty' ? prettyLogStream(out) : out;
  return {
    logger: { level: config.LOG_LEVEL, stream },
    logController: new RequestLineAtDebug(),
    childLoggerFactory: lazyChildLogger,
  };
}

/** The levels at which a debug line is written. */
const WRITES_DEBUG = new Set(['debug', 'trace']);

/** Fastify's two lines per request (incoming, completed at info) become one at debug. */
class RequestLineAtDebug extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    // At the usual levels (info and up) the line is never written: its fields are not built
    // either, as every request ends here (issue 30).
    if (!WRITES_DEBUG.has(request.log.level)) return;
    request.log.debug(
      { status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      `${request.method} ${request.url}`,
    );
  }
}
