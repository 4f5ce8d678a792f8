import { setLocale, useSessionStore } from '@outpost/host';
import { cleanup, render } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { provideTestHost, signedInData } from '../test-support/fake-api';
import { useToastStore } from '../toasts/toast-store';
import { NOTIFICATION_TOAST_MS, useNotificationStream } from './use-notification-stream';

const sources: { url: string; onmessage: ((event: MessageEvent) => void) | null; close(): void }[] = [];
class FakeEventSource {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror = null;
  onopen = null;
  constructor(readonly url: string) {
    sources.push(this);
  }
  close() {}
}

function Streaming() {
  useNotificationStream();
  return null;
}

beforeEach(() => {
  provideTestHost();
  sources.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  useToastStore.setState({ items: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useNotificationStream', () => {
  it('resumes from the start (after=0) when the page holds no notification', () => {
    useSessionStore.getState().setSession(signedInData);
    render(<Streaming />);
    expect(sources[0]?.url).toBe('/api/auth/notifications/sse?after=0&locale=en');
  });

  it('streams only while signed in, appends new entries and toasts each for 7 s', () => {
    useSessionStore.getState().setSession(null);
    render(<Streaming />);
    expect(sources).toHaveLength(0);
    act(() =>
      useSessionStore.getState().setSession({
        ...signedInData,
        notifications: [{ id: '5', timestamp: 1, level: 1, message: 'old' }],
      }),
    );
    expect(sources[0]?.url).toBe('/api/auth/notifications/sse?after=5&locale=en');
    const send = (data: object) =>
      act(() => sources[0]?.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) })));
    send({ id: '6', timestamp: 2, level: 3, message: 'Disk almost full' });
    send({ id: '6', timestamp: 2, level: 3, message: 'Disk almost full' });
    expect(useSessionStore.getState().session?.notifications.map((n) => n.id)).toEqual(['5', '6']);
    const toasts = useToastStore.getState().items;
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ type: 'warn', text: 'Disk almost full', length: NOTIFICATION_TOAST_MS });
    expect(NOTIFICATION_TOAST_MS).toBe(7000);
  });

  it('in the language the page shows: a switch asks for them again in the new one, without toasts', async () => {
    useSessionStore.getState().setSession({
      ...signedInData,
      notifications: [{ id: '5', timestamp: 1, level: 1, message: 'Staff replied to your appeal of ban #3' }],
    });
    render(<Streaming />);
    expect(sources[0]?.url).toBe('/api/auth/notifications/sse?after=5&locale=en');
    await act(() => setLocale('de'));
    expect(sources[1]?.url).toBe('/api/auth/notifications/sse?after=0&locale=de');
    act(() =>
      sources[1]?.onmessage?.(
        new MessageEvent('message', {
          data: JSON.stringify({
            id: '5',
            timestamp: 1,
            level: 1,
            message: 'Das Team hat auf deinen Einspruch gegen Ban #3 geantwortet',
          }),
        }),
      ),
    );
    expect(useSessionStore.getState().session?.notifications.map((n) => n.message)).toEqual([
      'Das Team hat auf deinen Einspruch gegen Ban #3 geantwortet',
    ]);
    expect(useToastStore.getState().items).toHaveLength(0);
    await act(() => setLocale('en'));
  });
});
