import { describe, expect, it, vi } from 'vitest';
import { TimeoutError, withTimeout } from './with-timeout';

describe('withTimeout', () => {
  it('passes through a value that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve(42), 100, 'x')).resolves.toBe(42);
  });

  it('rejects a promise that is too slow, naming what was slow', async () => {
    vi.useFakeTimers();
    const slow = withTimeout(new Promise(() => {}), 10_000, 'Remote docs');
    vi.advanceTimersByTime(10_000);
    await expect(slow).rejects.toThrow(new TimeoutError('Remote docs did not answer within 10000 ms'));
    vi.useRealTimers();
  });

  it('passes through a rejection', async () => {
    await expect(withTimeout(Promise.reject(new Error('boom')), 100, 'x')).rejects.toThrow('boom');
  });
});
