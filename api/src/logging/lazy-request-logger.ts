import type { FastifyBaseLogger, LogLevel } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

// Fastify gives every request a child logger carrying its id (`logger.child({reqId})`). Making
// one costs pino a copy of the parent's state and its bindings stringified, ~2 µs a request,
// while almost every request writes no line at all (request lines are debug, the default level
// is info): GET /api/servers against a bare route spent more on it than on its own handler
// (issue 30). So the child is made on the first line actually written; until then the
// request's logger answers from the parent.

type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

interface PinoLike extends FastifyBaseLogger {
  isLevelEnabled?(level: string): boolean;
}

export class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: Bindings,
  ) {}

  /** The real child, made once (a line is being written, or someone asked for it). */
  private real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  private write(method: Method, args: unknown[]): void {
    // A level the parent drops would be dropped by the child too: no child for it.
    if (this.#child === null && this.parent.isLevelEnabled?.(method) === false) return;
    (this.real()[method] as (...line: unknown[]) => void)(...args);
  }

  get level(): LogLevel {
    return (this.#child ?? this.parent).level as LogLevel;
  }

  set level(level: LogLevel) {
    this.real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory: a lazy child for a plain request, the real one at once when the
 * route sets its own level or serializers (the child must carry them).
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new LazyRequestLogger(logger as PinoLike, bindings);
}
