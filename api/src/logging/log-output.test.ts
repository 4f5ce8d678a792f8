import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { testDatabases } from '../test-support/test-databases';
import { prettyLogLine, resolveLogFormat } from './log-output';

describe('log output', () => {
  it('is readable in a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('auto', undefined)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('turns a pino line into time, level, message and the other fields', () => {
    const time = Date.UTC(2026, 10, 28, 12, 3, 4);
    const line = prettyLogLine(
      JSON.stringify({ level: 40, time, pid: 1, hostname: 'h', msg: 'Steam sign-in refused', code: 'X', n: 2 }),
    );
    expect(line).toBe('12:03:04 WARN  Steam sign-in refused code=X n=2');
    expect(prettyLogLine('not json')).toBe('not json');
  });

  it('writes pretty lines to a terminal stream, and request lines only at debug', async () => {
    for (const [level, expectsRequestLine] of [
      ['info', false],
      ['debug', true],
    ] as const) {
      const out = Object.assign(new PassThrough(), { isTTY: true });
      let text = '';
      out.on('data', (chunk) => (text += chunk));
      const created = await testDatabases()[0]!.create();
      const config = loadConfig({
        DATABASE_URL: created.url,
        LOG_LEVEL: level,
        WEB_ROOT: 'none',
        STEAM_STATUS_URL: 'none',
        POLLER_ENABLED: 'false',
      });
      const database = openDatabase(config.DATABASE_URL);
      await migrateToLatest(database.db);
      const app = await buildApp({ config, database, logOutput: out });
      try {
        await app.inject({ method: 'GET', url: '/api/health' });
        app.log.warn('something to say');
      } finally {
        await app.close();
        await database.close();
        await created.drop();
      }
      expect(text).toMatch(/^\d\d:\d\d:\d\d WARN {2}something to say/m);
      expect(text).not.toContain('{"level"');
      expect(/DEBUG GET \/api\/health .*status=200/.test(text)).toBe(expectsRequestLine);
    }
  });
});
