import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../test-support/fake-api';
import { apiFetch } from './api-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiFetch (SPEC 7 helper)', () => {
  it('returns an ok response without a notification', async () => {
    installFakeApi({ 'GET /api/x': { body: { ok: true } } });
    const notify = vi.fn();
    const response = await apiFetch('/api/x', {}, notify);
    expect(response?.status).toBe(200);
    expect(notify).not.toHaveBeenCalled();
  });

  it('notifies the JSON error as title and message as text, and still returns the response', async () => {
    installFakeApi({ 'GET /api/x': { status: 403, body: { error: 'FORBIDDEN', message: 'You may not' } } });
    const notify = vi.fn();
    expect((await apiFetch('/api/x', {}, notify))?.status).toBe(403);
    expect(notify).toHaveBeenCalledWith({ level: 'error', title: 'FORBIDDEN', message: 'You may not' });
  });

  it("falls back to '{status} {statusText}' and notifies network failures, returning null", async () => {
    installFakeApi({
      'GET /api/x': { status: 500, body: 'not json' },
      'GET /api/down': new TypeError('Failed to fetch'),
    });
    const notify = vi.fn();
    await apiFetch('/api/x', {}, notify);
    expect(notify).toHaveBeenLastCalledWith({ level: 'error', title: 'Error', message: '500 Internal Server Error' });
    expect(await apiFetch('/api/down', {}, notify)).toBeNull();
    expect(notify).toHaveBeenLastCalledWith({ level: 'error', message: 'Failed to fetch' });
  });

  it('aborts after timeoutMs (the time-out variant)', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const notify = vi.fn();
    expect(await apiFetch('/api/slow', { timeoutMs: 20 }, notify)).toBeNull();
    expect(notify).toHaveBeenCalledWith({ level: 'error', message: 'Timed out after 20 ms' });
  });

  it('stays quiet when asked', async () => {
    installFakeApi({ 'GET /api/x': { status: 500, body: { error: 'E', message: 'm' } } });
    const notify = vi.fn();
    await apiFetch('/api/x', { quiet: true }, notify);
    expect(notify).not.toHaveBeenCalled();
  });
});
