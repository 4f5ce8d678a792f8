import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRemotesStore } from '../remotes/remotes-store';
import { FIRST_SCREEN_WAIT_MS, firstScreen } from './first-screen';

beforeEach(() => {
  vi.useFakeTimers();
  // No remote: the shell's own pages only.
  useRemotesStore.setState({ registry: 'ready', order: [], remotes: {} });
  window.history.replaceState(null, '', '/search');
});
afterEach(() => vi.useRealTimers());

const settledWithin = async (promise: Promise<unknown>, ms: number) => {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
};

describe('firstScreen', () => {
  it('resolves as soon as what it waits for has answered', async () => {
    const ready = firstScreen(Promise.resolve(), [Promise.resolve('profile'), Promise.resolve('meta')]);
    expect(await settledWithin(ready, 0)).toBe(true);
  });

  it('does not hold the first render past its cap for a slow answer', async () => {
    const ready = firstScreen(Promise.resolve(), [new Promise(() => undefined)]);
    expect(await settledWithin(ready, FIRST_SCREEN_WAIT_MS - 1)).toBe(false);
    expect(await settledWithin(ready, 1)).toBe(true);
  });

  it('a failed answer does not keep the shell from drawing', async () => {
    const ready = firstScreen(Promise.resolve(), [Promise.reject(new Error('meta down'))]);
    expect(await settledWithin(ready, 0)).toBe(true);
  });

  it('waits for the route tables before looking up the page', async () => {
    let started!: () => void;
    const remotesStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const ready = firstScreen(remotesStarted, []);
    expect(await settledWithin(ready, 10)).toBe(false);
    started();
    expect(await settledWithin(ready, 0)).toBe(true);
  });
});
