import { createFakeApi, jsonResponse } from '@outpost/host/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_FRESH_MS, prefetchRouteData, ROUTE_DATA_ELEMENT_ID, takePrefetched } from './route-data';

afterEach(() => vi.unstubAllGlobals());

describe('route data prefetched for the first render', () => {
  it('hands a fetched body out once, while fresh', async () => {
    const api = createFakeApi({ 'GET /api/servers': { body: [{ id: 'g1' }] } });
    vi.stubGlobal('fetch', api.fetch);
    let now = 1_000;
    await prefetchRouteData(['/api/servers'], () => now);
    expect(api.paths()).toEqual(['GET /api/servers']);
    now += PREFETCH_FRESH_MS - 1;
    expect(takePrefetched('/api/servers', () => now)).toEqual([{ id: 'g1' }]);
    // Taken: a refresh fetches anew.
    expect(takePrefetched('/api/servers', () => now)).toBeUndefined();
  });

  it('does not hand out a stale body', async () => {
    vi.stubGlobal('fetch', createFakeApi({ 'GET /api/servers': { body: [] } }).fetch);
    await prefetchRouteData(['/api/servers'], () => 0);
    expect(takePrefetched('/api/servers', () => PREFETCH_FRESH_MS + 1)).toBeUndefined();
  });

  it('asks only same-origin API paths', async () => {
    const api = createFakeApi({ 'GET /api/meta': { body: {} } });
    vi.stubGlobal('fetch', api.fetch);
    await prefetchRouteData([
      'https://evil.test/api/x',
      '//evil.test/api/x',
      '/remotes.json',
      '/api/',
      'api/meta',
      '/api/meta',
    ]);
    expect(api.paths()).toEqual(['GET /api/meta']);
  });

  it('keeps nothing from a failed, refused or unreadable answer, and never throws', async () => {
    vi.stubGlobal(
      'fetch',
      createFakeApi({
        'GET /api/down': { status: 503, body: { error: 'UNAVAILABLE', message: 'down' } },
        'GET /api/private': { status: 401, body: { error: 'UNAUTHORIZED', message: 'no' } },
        'GET /api/offline': new TypeError('Failed to fetch'),
        'GET /api/garbled': new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
        'GET /api/fine': jsonResponse({ ok: true }),
      }).fetch,
    );
    await expect(
      prefetchRouteData(['/api/down', '/api/private', '/api/offline', '/api/garbled', '/api/fine']),
    ).resolves.toBeUndefined();
    for (const path of ['/api/down', '/api/private', '/api/offline', '/api/garbled'])
      expect(takePrefetched(path), path).toBeUndefined();
    expect(takePrefetched('/api/fine')).toEqual({ ok: true });
  });

  /** The data element a prerendered page carries (api/src/web/shell-page.ts). */
  function inline(text: string) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = ROUTE_DATA_ELEMENT_ID;
    element.textContent = text;
    document.head.append(element);
  }

  it("takes a prerendered page's inlined data instead of fetching it, once", async () => {
    const api = createFakeApi({ 'GET /api/meta': { body: { fetched: true } } });
    vi.stubGlobal('fetch', api.fetch);
    inline(JSON.stringify({ '/api/servers': [{ id: 'drawn' }] }));
    await prefetchRouteData(['/api/servers', '/api/meta']);
    // What was not inlined is fetched as before.
    expect(api.paths()).toEqual(['GET /api/meta']);
    expect(takePrefetched('/api/servers')).toEqual([{ id: 'drawn' }]);
    expect(takePrefetched('/api/meta')).toEqual({ fetched: true });
    // Read once: the element is gone, a later visit's prefetch fetches.
    expect(document.getElementById(ROUTE_DATA_ELEMENT_ID)).toBeNull();
    await prefetchRouteData(['/api/servers']);
    expect(api.paths()).toEqual(['GET /api/meta', 'GET /api/servers']);
  });

  it.each(['not json', '[1, 2]', 'null', '"text"'])('fetches when the inlined data is unreadable: %s', async (text) => {
    const api = createFakeApi({ 'GET /api/servers': { body: [{ id: 'fetched' }] } });
    vi.stubGlobal('fetch', api.fetch);
    inline(text);
    await prefetchRouteData(['/api/servers']);
    expect(api.paths()).toEqual(['GET /api/servers']);
    expect(takePrefetched('/api/servers')).toEqual([{ id: 'fetched' }]);
  });
});
