import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handling';

// A port nothing listens on: the connection is refused at once.
const CLOSED = 'postgres://postgres@127.0.0.1:1/test';

describe('the error handler', () => {
  const pool = new pg.Pool({ connectionString: CLOSED, connectionTimeoutMillis: 500 });
  const app = Fastify();
  registerErrorHandling(app);
  app.get('/needs-database', async () => (await pool.query('select 1')).rows);
  app.get('/bad-query', async () => {
    throw Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' });
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  it('answers 503 with Retry-After when the database cannot be reached', async () => {
    const response = await app.inject({ url: '/needs-database' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({
      error: 'DATABASE_UNAVAILABLE',
      message: 'The database cannot be reached right now: try again in a moment',
    });
    expect(response.body).not.toContain('127.0.0.1');
  });

  it('still answers 500 with a generic sentence for other database errors', async () => {
    const response = await app.inject({ url: '/bad-query' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('selec');
  });
});
