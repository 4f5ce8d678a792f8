import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { continueImpersonating, keepActingContext, realActorOf } from './acting-context';

// The audit module reads the impersonation wherever the request's work goes. Over a real
// socket (not inject), a late body is read on the socket's events: what follows its parsing must
// still see it, awaited work included; a request that impersonates no one sees nothing.
describe('acting context', () => {
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    app = Fastify();
    keepActingContext(app);
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.headers['x-acting-as'] === undefined) {
        done();
        return;
      }
      // Decided after awaited work, as authentication does.
      void Promise.resolve().then(() =>
        continueImpersonating(request, { actingAs: 'target', realId: 'admin', realName: 'Real Admin' }, done),
      );
    });
    const seen = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return { target: realActorOf('target'), other: realActorOf('someone-else') };
    };
    app.get('/seen', seen);
    app.post('/seen', seen);
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => app?.close());

  // The body goes out 50 ms after the headers, so it is read on socket events of its own,
  // after the onRequest hooks have run.
  const ask = (method: 'GET' | 'POST', headers: Record<string, string>) =>
    new Promise<unknown>((resolve, reject) => {
      const request = http.request(`${url}/seen`, {
        method,
        headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve(JSON.parse(text)));
      });
      request.on('error', reject);
      if (method === 'GET') {
        request.end();
        return;
      }
      request.flushHeaders();
      setTimeout(() => request.end(JSON.stringify({ reason: 'x'.repeat(100_000) })), 50);
    });

  it('carries an impersonation through a GET and past a POST body read off the socket', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect(await ask(method, { 'x-acting-as': 'target' })).toEqual({
        target: { realId: 'admin', realName: 'Real Admin' },
        other: null,
      });
    }
  });

  it('shows nothing to requests that impersonate no one, before or after one that does', async () => {
    expect(await ask('POST', {})).toEqual({ target: null, other: null });
    await ask('POST', { 'x-acting-as': 'target' });
    expect(await ask('POST', {})).toEqual({ target: null, other: null });
    expect(await ask('GET', {})).toEqual({ target: null, other: null });
  });
});
