import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

// A port nothing listens on: the connection is refused at once.
const CLOSED = 'postgres://postgres@127.0.0.1:1/test';

async function errorOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the work to fail');
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection, as node-postgres reports it', async () => {
    const client = new pg.Client({ connectionString: CLOSED });
    expect(isDatabaseUnavailable(await errorOf(() => client.connect()))).toBe(true);
  });

  it('recognises a pool that cannot connect in time and a lost connection', () => {
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]))).toBe(
      true,
    );
  });

  it("leaves other failures alone (they stay the request's or the code's)", () => {
    for (const error of [
      null,
      undefined,
      'ECONNREFUSED',
      new Error('boom'),
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('syntax error'), { code: '42601' }),
      Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
      new AggregateError([]),
      new AggregateError([new Error('boom'), Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

// Issue 31 item 10: every "cannot serve now" class answers 503, not only class 08.
describe('every database-unavailable code', () => {
  it.each([
    ['08000', 'connection exception'],
    ['08001', 'cannot establish connection'],
    ['08003', 'connection does not exist'],
    ['08004', 'server rejected the connection'],
    ['08006', 'connection failure'],
    ['08P01', 'protocol violation'],
    ['53000', 'insufficient resources'],
    ['53100', 'disk full'],
    ['53200', 'out of memory'],
    ['53300', 'too many connections'],
    ['55000', 'object not in prerequisite state (not accepting connections)'],
    ['25006', 'read-only transaction (a standby after failover)'],
    ['57000', 'operator intervention'],
    ['57014', 'query cancelled'],
    ['57P01', 'admin shutdown'],
    ['57P02', 'crash shutdown'],
    ['57P03', 'cannot connect now'],
    ['57P04', 'database dropped'],
    ['57P05', 'idle session timeout'],
    ['58000', 'system error'],
    ['58030', 'I/O error'],
    ['SQLITE_FULL', 'SQLite disk full'],
    ['SQLITE_IOERR_WRITE', 'SQLite I/O error'],
    ['SQLITE_CANTOPEN', 'SQLite cannot open'],
    ['SQLITE_READONLY', 'SQLite read-only file'],
  ])('%s (%s)', (code, what) => {
    expect(isDatabaseUnavailable(Object.assign(new Error(what), { code }))).toBe(true);
  });
  it.each(['23505', '23503', '22001', '42P01', '40001', '25P02', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR'])(
    '%s stays the request’s or the code’s',
    (code) => {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(false);
    },
  );
});

const postgresUrl = process.env.TEST_DATABASE_URL;
describe.each(postgresUrl ? [postgresUrl] : [])('a database not accepting connections', (url) => {
  it('refuses with SQLSTATE 55000, recognised as unavailable', async () => {
    const name = `unavailable_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} allow_connections false`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: target.href });
      client.on('error', () => {});
      const error = await errorOf(() => client.connect());
      expect((error as { code?: string }).code).toBe('55000');
      expect(isDatabaseUnavailable(error)).toBe(true);
      await client.end().catch(() => {});
    } finally {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  });
});

describe.each(postgresUrl ? [postgresUrl] : [])('a backend terminated by PostgreSQL', (url) => {
  it('gives an error recognised as unavailable, not a bug', async () => {
    const victim = new pg.Client({ connectionString: url });
    // The terminated client emits 'error' as well: listen, or Node would exit.
    victim.on('error', () => {});
    await victim.connect();
    const pid = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    const error = await errorOf(() => victim.query('select 1'));
    expect(isDatabaseUnavailable(error)).toBe(true);
    await victim.end().catch(() => {});
  });
});
