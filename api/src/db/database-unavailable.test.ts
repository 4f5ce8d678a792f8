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

const postgresUrl = process.env.TEST_DATABASE_URL;
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
