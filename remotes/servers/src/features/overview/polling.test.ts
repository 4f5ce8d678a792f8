import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller, nextPollDelayMs, POLL_INTERVAL_MS, type PollSchedule } from './polling';

describe('nextPollDelayMs', () => {
  it('polls every 15 s while the API answers', () => {
    expect(nextPollDelayMs(0)).toBe(15_000);
  });

  it('waits exp(n) + 15 s after n failures in a row', () => {
    expect(nextPollDelayMs(1)).toBe(Math.round((Math.E + 15) * 1000));
    expect(nextPollDelayMs(3)).toBe(Math.round((Math.exp(3) + 15) * 1000));
  });

  it('caps n at 7 (about 18 minutes)', () => {
    const capped = Math.round((Math.exp(7) + 15) * 1000);
    expect(nextPollDelayMs(7)).toBe(capped);
    expect(nextPollDelayMs(50)).toBe(capped);
  });
});

describe('createPoller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(results: boolean[]) {
    const calls: number[] = [];
    const schedules: PollSchedule[] = [];
    const poller = createPoller({
      load: async () => {
        calls.push(Date.now());
        return results.shift() ?? true;
      },
      onSchedule: (schedule) => schedules.push(schedule),
    });
    return { calls, schedules, poller };
  }

  it('loads at once when visible, then every 15 s', async () => {
    const { calls, poller } = setup([]);
    poller.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(4);
    poller.stop();
  });

  it('starting fresh (data the shell prefetched) waits 15 s before the first load', async () => {
    const load = vi.fn(async () => true);
    const schedules: string[] = [];
    const poller = createPoller({ load, startsFresh: true, onSchedule: (schedule) => schedules.push(schedule.state) });
    poller.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).not.toHaveBeenCalled();
    expect(schedules).toEqual(['waiting']);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(load).toHaveBeenCalledTimes(1);
    // Fresh only once: hidden and visible again refreshes at once.
    poller.setVisible(false);
    poller.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('stops while hidden and refreshes immediately when visible again', async () => {
    const { calls, schedules, poller } = setup([]);
    poller.setVisible(true);
    await vi.advanceTimersByTimeAsync(5_000);
    poller.setVisible(false);
    expect(schedules.at(-1)).toEqual({ state: 'paused' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);
    poller.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    poller.stop();
  });

  it('backs off after failures and returns to 15 s after a success', async () => {
    const { calls, schedules, poller } = setup([false, false, true]);
    poller.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(schedules.at(-1)).toMatchObject({ state: 'waiting', delayMs: nextPollDelayMs(1) });
    await vi.advanceTimersByTimeAsync(nextPollDelayMs(1));
    expect(calls).toHaveLength(2);
    expect(schedules.at(-1)).toMatchObject({ state: 'waiting', delayMs: nextPollDelayMs(2) });
    await vi.advanceTimersByTimeAsync(nextPollDelayMs(2));
    expect(calls).toHaveLength(3);
    expect(schedules.at(-1)).toMatchObject({ state: 'waiting', delayMs: 15_000 });
    poller.stop();
  });

  it('never runs two loads at once and does nothing after stop', async () => {
    let release: (ok: boolean) => void = () => {};
    let count = 0;
    const poller = createPoller({
      load: () => {
        count++;
        return new Promise<boolean>((resolve) => {
          release = resolve;
        });
      },
    });
    poller.setVisible(true);
    poller.setVisible(false);
    poller.setVisible(true);
    expect(count).toBe(1);
    release(true);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(count).toBe(2);
    poller.stop();
    release(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(count).toBe(2);
  });
});
