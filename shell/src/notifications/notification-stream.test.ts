import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelayMs, startNotificationStream } from './notification-stream';

/** A stand-in for the browser's EventSource (jsdom has none) that the test drives. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
});
afterEach(() => vi.useRealTimers());

const start = (onNotification = vi.fn(), lastId: string | null = null) => ({
  onNotification,
  stop: startNotificationStream({ onNotification, lastId, EventSourceImpl: FakeEventSource as never }),
});

describe('the notification stream (SPEC 7)', () => {
  it('connects with credentials, after the newest held id, and passes each valid notification on', () => {
    const { onNotification } = start(vi.fn(), '41');
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/auth/notifications/sse?after=41');
    expect(source.init).toEqual({ withCredentials: true });
    source.emit({ id: '42', timestamp: 1, level: 2, message: 'Ban approved' });
    source.emit({ nonsense: true });
    expect(onNotification).toHaveBeenCalledTimes(1);
    expect(onNotification.mock.calls[0]?.[0]).toMatchObject({ id: '42', message: 'Ban approved' });
  });

  it('reconnects after 1000 x 2^retry ms, resuming after the last id seen', () => {
    start();
    expect([0, 1, 2, 3].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    // Exactly the formula at every count: a cap belongs to the count, not here.
    expect([9, 10].map(reconnectDelayMs)).toEqual([512_000, 1_024_000]);
    const first = FakeEventSource.opened[0]!;
    first.emit({ id: '7', timestamp: 1, level: 1, message: 'x' });
    first.onerror?.();
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeEventSource.opened[1]!;
    expect(second.url).toBe('/api/auth/notifications/sse?after=7');
    second.onerror?.();
    vi.advanceTimersByTime(1999);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeEventSource.opened[2]!;
    // An open connection resets the back-off.
    third.onopen?.();
    third.onerror?.();
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.opened).toHaveLength(4);
  });

  it('stops for good', () => {
    const { stop } = start();
    const source = FakeEventSource.opened[0]!;
    stop();
    expect(source.closed).toBe(true);
    source.onerror?.();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
