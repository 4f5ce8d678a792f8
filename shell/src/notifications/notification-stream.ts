import { type Notification, notificationSchema } from '@outpost/contracts/browser';

export const NOTIFICATIONS_SSE_PATH = '/api/auth/notifications/sse';

/** The highest retry count: later reconnects wait 1000 x 2^MAX_RETRY ms. */
export const MAX_RETRY = 8;

/** SPEC 7: after an error the stream reconnects after 1000 x 2^retry ms. */
export function reconnectDelayMs(retry: number): number {
  return 1000 * 2 ** retry;
}

export interface StreamOptions {
  onNotification(notification: Notification): void;
  /** Resume after this id (the newest one the page already holds). */
  lastId?: string | null;
  /** The language the page shows: the API writes each notification in it (issue 27). */
  locale?: string;
  /** The EventSource constructor (tests pass a fake one). */
  EventSourceImpl?: typeof EventSource;
}

/**
 * Listens to the notification stream. On an error it closes the source and reconnects
 * after 1000 x 2^retry ms, asking for everything after the last id it saw, so nothing is
 * lost in between. Returns a stop function.
 */
export function startNotificationStream({
  onNotification,
  lastId = null,
  locale,
  EventSourceImpl = globalThis.EventSource,
}: StreamOptions): () => void {
  let retry = 0;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let after = lastId;

  const connect = () => {
    if (stopped || !EventSourceImpl) return;
    const query = new URLSearchParams();
    if (after) query.set('after', after);
    if (locale) query.set('locale', locale);
    const url = query.size > 0 ? `${NOTIFICATIONS_SSE_PATH}?${query}` : NOTIFICATIONS_SSE_PATH;
    source = new EventSourceImpl(url, { withCredentials: true });
    source.onopen = () => {
      retry = 0;
    };
    source.onmessage = (event: MessageEvent<string>) => {
      let parsed: ReturnType<typeof notificationSchema.safeParse>;
      try {
        parsed = notificationSchema.safeParse(JSON.parse(event.data));
      } catch {
        return;
      }
      if (!parsed.success) return;
      after = parsed.data.id;
      onNotification(parsed.data);
    };
    source.onerror = () => {
      source?.close();
      source = null;
      if (stopped) return;
      timer = setTimeout(connect, reconnectDelayMs(retry));
      // The count is capped, not the formula: at most 2^MAX_RETRY s (about 4 min 16 s) apart.
      retry = Math.min(retry + 1, MAX_RETRY);
    };
  };

  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
