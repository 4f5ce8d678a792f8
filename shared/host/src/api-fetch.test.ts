import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiFetch } from './api-fetch';
import type { HostApi, HostNotification } from './host-api';

// A real HTTP server on loopback answering the ways the API (or a proxy) can fail.
let base = '';
let stepUpProved = false;
const dangerousBodies: string[] = [];
const server = http.createServer((request, response) => {
  if (request.url === '/json-error') {
    response.writeHead(403, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'FORBIDDEN', message: 'You do not have the permission bans.create' }));
  } else if (request.url === '/plain-error') {
    response.writeHead(502, 'Bad Gateway');
    response.end('<html>proxy</html>');
  } else if (request.url === '/dangerous') {
    // Like the API's step-up guard: 401 until the proof arrived (here: a header set by the prompt).
    const proved = request.headers['x-proved'] === 'yes' || stepUpProved;
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      dangerousBodies.push(body);
      if (proved) {
        response.end(JSON.stringify({ ok: true }));
        return;
      }
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'STEP_UP_REQUIRED', message: 'Confirm it is you' }));
    });
    return;
  } else if (request.url === '/slow') {
    setTimeout(() => response.end('late'), 2000);
  } else {
    response.end('ok');
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function collect() {
  const seen: HostNotification[] = [];
  const notify = (notification: HostNotification) => {
    seen.push(notification);
  };
  return { seen, notify };
}

/** The helper over the real fetch, as the shell builds it. */
const apiFetch = (path: string, init: Parameters<HostApi['apiFetch']>[1], notify: (n: HostNotification) => void) =>
  createApiFetch({ fetch, notify })(path, init);

describe('apiFetch (the shared call helper)', () => {
  it('returns ok responses without notifying', async () => {
    const { seen, notify } = collect();
    const response = await apiFetch(`${base}/ok`, {}, notify);
    expect(await response?.text()).toBe('ok');
    expect(seen).toEqual([]);
  });

  it('notifies the JSON error as title and message as text, and still returns the response', async () => {
    const { seen, notify } = collect();
    const response = await apiFetch(`${base}/json-error`, {}, notify);
    expect(response?.status).toBe(403);
    expect(seen).toEqual([
      { level: 'error', title: 'FORBIDDEN', message: 'You do not have the permission bans.create' },
    ]);
  });

  it("falls back to '{status} {statusText}' when the body is not JSON", async () => {
    const { seen, notify } = collect();
    await apiFetch(`${base}/plain-error`, {}, notify);
    expect(seen[0]).toEqual({ level: 'error', title: 'Error', message: '502 Bad Gateway' });
  });

  it('notifies the exception message on network failure and returns null', async () => {
    const { seen, notify } = collect();
    const response = await apiFetch('http://127.0.0.1:9/nothing', {}, notify);
    expect(response).toBeNull();
    expect(seen[0]?.level).toBe('error');
    expect(seen[0]?.message.length).toBeGreaterThan(0);
  });

  it('rejects with the network exception when the caller words the failure itself', async () => {
    const { seen, notify } = collect();
    const failure = apiFetch('http://127.0.0.1:9/nothing', { quiet: true, throwOnNetworkError: true }, notify);
    await expect(failure).rejects.toThrow(/fetch failed/);
    expect(seen).toEqual([]);
  });

  it('aborts after the time-out in the time-out variant', async () => {
    const { seen, notify } = collect();
    const response = await apiFetch(`${base}/slow`, { timeoutMs: 100 }, notify);
    expect(response).toBeNull();
    expect(seen[0]?.message).toMatch(/Timed out after 100 ms|abort/i);
  });

  it('stays quiet when asked to', async () => {
    const { seen, notify } = collect();
    await apiFetch(`${base}/json-error`, { quiet: true }, notify);
    expect(seen).toEqual([]);
  });
});

describe('apiFetch and step-up (issue 31)', () => {
  it('answers STEP_UP_REQUIRED with the prompt, then sends the same request again once', async () => {
    const { seen, notify } = collect();
    stepUpProved = false;
    dangerousBodies.length = 0;
    let prompts = 0;
    const stepUp = async () => {
      prompts += 1;
      stepUpProved = true;
      return true;
    };
    const call = createApiFetch({ fetch, notify, stepUp });
    const response = await call(`${base}/dangerous`, { method: 'POST', body: '{"grant":"x"}', timeoutMs: 1000 });
    expect(response?.status).toBe(200);
    expect(prompts).toBe(1);
    expect(dangerousBodies).toEqual(['{"grant":"x"}', '{"grant":"x"}']);
    expect(seen).toEqual([]);
  });

  it('returns the 401 (and notifies it) when the person gives up, and never loops', async () => {
    const { seen, notify } = collect();
    stepUpProved = false;
    dangerousBodies.length = 0;
    let prompts = 0;
    const call = createApiFetch({
      fetch,
      notify,
      stepUp: async () => {
        prompts += 1;
        return prompts > 1;
      },
    });
    const response = await call(`${base}/dangerous`, { method: 'DELETE' });
    expect(response?.status).toBe(401);
    expect(prompts).toBe(1);
    expect(dangerousBodies).toHaveLength(1);
    expect(seen).toEqual([{ level: 'error', title: 'STEP_UP_REQUIRED', message: 'Confirm it is you' }]);
    // Proved but the answer is still 401 (say the proof lapsed): one retry only, no second prompt.
    const again = await createApiFetch({ fetch, notify, stepUp: async () => true })(`${base}/dangerous`, {
      quiet: true,
    });
    expect(again?.status).toBe(401);
    expect(dangerousBodies).toHaveLength(3);
  });

  it('leaves other 401s and a helper without a prompt alone', async () => {
    const { notify } = collect();
    let prompts = 0;
    stepUpProved = false;
    const withPrompt = createApiFetch({ fetch, notify, stepUp: async () => ++prompts > 0 });
    expect((await withPrompt(`${base}/json-error`, { quiet: true }))?.status).toBe(403);
    const withoutPrompt = createApiFetch({ fetch, notify });
    expect((await withoutPrompt(`${base}/dangerous`, { quiet: true }))?.status).toBe(401);
    expect(prompts).toBe(0);
  });
});
