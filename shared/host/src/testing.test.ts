import { describe, expect, it } from 'vitest';
import { getHost } from './host-api';
import { useSessionStore } from './session-store';
import { createTestHost, jsonResponse, signInForTest } from './testing';

describe('createTestHost', () => {
  it('provides the real helper over fake routes: params, query, body, and records the calls', async () => {
    const testHost = createTestHost({
      'GET /api/players/:id': (request) => ({ body: { id: request.params.id, tab: request.query.get('tab') } }),
      'GET /api/search?q=zoey': { body: ['exact'] },
      'GET /api/search': { body: ['any'] },
      'POST /api/notes': (request) => jsonResponse({ got: request.body }, 201),
    });
    expect(getHost()).toBe(testHost.host);
    const player = await testHost.host.apiFetch('/api/players/7%2F8?tab=bans');
    expect(await player?.json()).toEqual({ id: '7/8', tab: 'bans' });
    expect(await (await testHost.host.apiFetch('/api/search?q=zoey'))?.json()).toEqual(['exact']);
    expect(await (await testHost.host.apiFetch('/api/search?q=x'))?.json()).toEqual(['any']);
    const created = await testHost.host.apiFetch('/api/notes', { method: 'POST', body: JSON.stringify({ a: 1 }) });
    expect(created?.status).toBe(201);
    expect(await created?.json()).toEqual({ got: { a: 1 } });
    expect(testHost.paths()).toEqual([
      'GET /api/players/7%2F8?tab=bans',
      'GET /api/search?q=zoey',
      'GET /api/search?q=x',
      'POST /api/notes',
    ]);
  });

  it('answers unknown routes 404 and notifies like the shell; an Error is a network failure', async () => {
    const seen: string[] = [];
    const testHost = createTestHost(
      { 'GET /api/down': new TypeError('Failed to fetch') },
      { notify: (notification) => seen.push(notification.message) },
    );
    const missing = await testHost.host.apiFetch('/api/nothing');
    expect(missing?.status).toBe(404);
    expect(await testHost.host.apiFetch('/api/down')).toBeNull();
    expect(testHost.notifications).toEqual([
      { level: 'error', title: 'NOT_FOUND', message: 'No fake for GET /api/nothing' },
      { level: 'error', message: 'Failed to fetch' },
    ]);
    expect(seen).toHaveLength(2);
    testHost.host.navigate('/bans');
    expect(testHost.navigations).toEqual(['/bans']);
  });

  it('signs the real session store in and out', () => {
    signInForTest(['bans.*'], 'z');
    expect(useSessionStore.getState().session?.permissions).toMatchObject({ codes: ['bans.*'], flags: 'z' });
    signInForTest(null);
    expect(useSessionStore.getState().session).toBeNull();
  });
});

describe('createTestHost with one server function', () => {
  it('hands the real Request to the function and records it', async () => {
    const testHost = createTestHost(async (request) =>
      request.method === 'POST' ? jsonResponse({ echo: await request.json() }, 201) : undefined,
    );
    const created = await testHost.host.apiFetch('/api/things', { method: 'POST', body: JSON.stringify({ a: 1 }) });
    expect(await created?.json()).toEqual({ echo: { a: 1 } });
    expect((await testHost.host.apiFetch('/api/other', { quiet: true }))?.status).toBe(404);
    expect(testHost.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /api/things',
      'GET /api/other',
    ]);
    expect(await testHost.requests[0]?.json()).toEqual({ a: 1 });
  });
});
