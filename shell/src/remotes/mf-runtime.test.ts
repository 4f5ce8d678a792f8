import { afterEach, describe, expect, it } from 'vitest';
import { retryPlugin } from './mf-runtime';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the remote-loading retries', () => {
  it('fetches a manifest up to three times, then gives up with the last error', async () => {
    const answers = [new Response('nope', { status: 503 }), new Response('{not json'), new Response('{"id":"docs"}')];
    let calls = 0;
    globalThis.fetch = async () => answers[calls++] as Response;
    const response = await retryPlugin.fetch('/remotes/docs/mf-manifest.json');
    expect(calls).toBe(3);
    expect(await response.json()).toEqual({ id: 'docs' });

    calls = 0;
    globalThis.fetch = async () => {
      calls++;
      return new Response('gone', { status: 404, statusText: 'Not Found' });
    };
    await expect(retryPlugin.fetch('/remotes/gone/mf-manifest.json')).rejects.toThrow(
      '/remotes/gone/mf-manifest.json: 404 Not Found',
    );
    expect(calls).toBe(3);
  });

  it('asks for a failed entry script again, forgetting the failed load first, at most twice more', async () => {
    const globalLoading: Record<string, unknown> = {};
    let calls = 0;
    const getRemoteEntry = async () => {
      expect(globalLoading.docs).toBeUndefined();
      calls++;
      globalLoading.docs = 'failed load';
      throw new Error('RUNTIME-008');
    };
    await expect(
      retryPlugin.loadEntryError({
        getRemoteEntry,
        origin: null,
        remoteInfo: null,
        remoteEntryExports: undefined,
        globalLoading,
        uniqueKey: 'docs',
      }),
    ).rejects.toThrow('RUNTIME-008');
    expect(calls).toBe(3);

    let factoryCalls = 0;
    const factory = await retryPlugin.getModuleFactory({
      remoteEntryExports: {
        get: async () => {
          factoryCalls++;
          if (factoryCalls < 2) throw new Error('chunk failed');
          return () => ({ default: 'page' });
        },
      },
      expose: './manifest',
    });
    expect(factoryCalls).toBe(2);
    expect(typeof factory).toBe('function');
  });
});
