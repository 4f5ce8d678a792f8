import { describe, expect, it } from 'vitest';
import { NO_ANSWER_MESSAGE, networkFailure, parseFailure } from './failure';

const json = (body: unknown, status: number, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

describe('parseFailure (the one failure parser)', () => {
  it("reads the contract's error code and message, and leaves the body readable", async () => {
    const response = json({ error: 'NO_FREE_RESOURCES', message: 'Not enough memory', details: { x: 1 } }, 503);
    const failure = await parseFailure(response);
    expect(failure).toEqual({
      code: 'NO_FREE_RESOURCES',
      message: 'Not enough memory',
      status: 503,
      statusText: '',
      body: { error: 'NO_FREE_RESOURCES', message: 'Not enough memory', details: { x: 1 } },
      text: JSON.stringify({ error: 'NO_FREE_RESOURCES', message: 'Not enough memory', details: { x: 1 } }),
    });
    expect(await response.json()).toMatchObject({ error: 'NO_FREE_RESOURCES' });
  });

  it("falls back to '{status} {statusText}' with no code when the body is not an API error", async () => {
    expect(await parseFailure(new Response('<html>proxy</html>', { status: 502, statusText: 'Bad Gateway' }))).toEqual({
      code: null,
      message: '502 Bad Gateway',
      status: 502,
      statusText: 'Bad Gateway',
      body: null,
      text: '<html>proxy</html>',
    });
    expect((await parseFailure(json({ error: 42 }, 500, 'Internal Server Error'))).message).toBe(
      '500 Internal Server Error',
    );
    expect((await parseFailure(json(['x'], 400, 'Bad Request'))).code).toBeNull();
  });

  it('keeps a message without a code, and a code without a message', async () => {
    expect(await parseFailure(json({ message: 'Slow down' }, 429, 'Too Many Requests'))).toMatchObject({
      code: null,
      message: 'Slow down',
    });
    expect(await parseFailure(json({ error: 'FORBIDDEN' }, 403, 'Forbidden'))).toMatchObject({
      code: 'FORBIDDEN',
      message: '403 Forbidden',
    });
  });

  it("says a missing answer is a network failure; an exception's message is shown as it is (SPEC 7)", async () => {
    expect(await parseFailure(null)).toEqual({
      code: null,
      message: NO_ANSWER_MESSAGE,
      status: null,
      statusText: '',
      body: null,
      text: '',
    });
    expect(networkFailure(new TypeError('Failed to fetch')).message).toBe('Failed to fetch');
    expect(networkFailure('boom').message).toBe('boom');
  });
});
