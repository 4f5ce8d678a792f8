import { PassThrough } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LazyRequestLogger } from './lazy-request-logger';
import { loggerOptions } from './log-output';

/** A Fastify with the API's logger options, writing JSON lines into `lines`. */
function appWithLog(level: string) {
  const out = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  out.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
  });
  const app = Fastify(loggerOptions({ LOG_LEVEL: level as never, LOG_FORMAT: 'json' }, out));
  return { app, lines };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('request loggers made on the first line written', () => {
  it('writes a request line with its reqId, at the levels the logger writes, and nothing below', async () => {
    const { app, lines } = appWithLog('info');
    app.get('/speak', async (request) => {
      request.log.debug('not at info');
      request.log.info({ extra: 1 }, 'said once');
      request.log.warn('said twice');
      request.log.child({ part: 'inner' }).error('from a child');
      return { ok: true };
    });
    const response = await app.inject({ method: 'GET', url: '/speak' });
    await settle();
    expect(response.statusCode).toBe(200);
    expect(lines.map((line) => line.msg)).toEqual(['said once', 'said twice', 'from a child']);
    const ids = new Set(lines.map((line) => line.reqId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toEqual(expect.any(String));
    expect(lines[0]).toMatchObject({ extra: 1, level: 30 });
    expect(lines[2]).toMatchObject({ part: 'inner', level: 50 });
    await app.close();
  });

  it('gives every request its own id, and reports the level it writes at', async () => {
    const { app, lines } = appWithLog('debug');
    const levels: string[] = [];
    app.get('/one', async (request) => {
      levels.push(request.log.level);
      request.log.debug('hello');
      return {};
    });
    await app.inject({ method: 'GET', url: '/one' });
    await app.inject({ method: 'GET', url: '/one' });
    await settle();
    const hellos = lines.filter((line) => line.msg === 'hello');
    expect(hellos).toHaveLength(2);
    expect(hellos[0]?.reqId).not.toBe(hellos[1]?.reqId);
    expect(levels).toEqual(['debug', 'debug']);
    // The request line (debug) is written too, with the same id as the handler's line.
    const completed = lines.filter((line) => line.msg === 'GET /one');
    expect(completed.map((line) => line.reqId)).toEqual(hellos.map((line) => line.reqId));
    await app.close();
  });

  it('makes no child until a line is written, and one only once', () => {
    let made = 0;
    const written: unknown[][] = [];
    const child = {
      level: 'info',
      info: (...args: unknown[]) => written.push(args),
    } as unknown as FastifyBaseLogger;
    const parent = {
      level: 'info',
      isLevelEnabled: (level: string) => level !== 'debug' && level !== 'trace',
      child: () => {
        made += 1;
        return child;
      },
    } as unknown as FastifyBaseLogger;
    const logger = new LazyRequestLogger(parent, { reqId: 'req-1' });
    expect(logger.level).toBe('info');
    logger.debug('dropped');
    logger.trace('dropped');
    expect(made).toBe(0);
    logger.info('kept');
    logger.info('kept again');
    expect(made).toBe(1);
    expect(written).toEqual([['kept'], ['kept again']]);
  });

  it('keeps a route that sets its own log level on a real child', async () => {
    const { app, lines } = appWithLog('info');
    app.get('/quiet', { logLevel: 'error' }, async (request) => {
      request.log.warn('below the route level');
      request.log.error('at the route level');
      return {};
    });
    await app.inject({ method: 'GET', url: '/quiet' });
    await settle();
    expect(lines.map((line) => line.msg)).toEqual(['at the route level']);
    await app.close();
  });
});
