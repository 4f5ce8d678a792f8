/** SPEC 9: the server list is polled every 15 s while the page is visible. */
export const POLL_INTERVAL_MS = 15_000;
/** SPEC 9: the back-off exponent stops growing here (e^7 s is about 18 minutes). */
export const MAX_BACKOFF_EXPONENT = 7;

/**
 * Delay before the next poll: 15 s after a success; after n failures in a row
 * exp(n) + 15 s, with n capped at 7, so a struggling API is not hammered.
 */
export function nextPollDelayMs(consecutiveFailures: number): number {
  if (consecutiveFailures <= 0) return POLL_INTERVAL_MS;
  const n = Math.min(consecutiveFailures, MAX_BACKOFF_EXPONENT);
  return Math.round((Math.exp(n) + 15) * 1000);
}

export type PollSchedule =
  | { state: 'loading' }
  /** The page is hidden: no polling until it is visible again. */
  | { state: 'paused' }
  /** Next poll at epoch ms `at`, after a wait of `delayMs` in total. */
  | { state: 'waiting'; at: number; delayMs: number };

export interface PollerOptions {
  /** One refresh; resolves true on success. Must not throw. */
  load: () => Promise<boolean>;
  onSchedule?: (schedule: PollSchedule) => void;
  now?: () => number;
  /** The page started with data the shell had fetched: the first visible run waits the interval instead. */
  startsFresh?: boolean;
}

export interface Poller {
  /** SPEC 4: runs while visible, stops when hidden, refreshes at once when visible again. */
  setVisible(visible: boolean): void;
  /**
   * Refresh now and restart the interval, unless a refresh started within `freshForMs` (the
   * visible countdown and the background poll can run out together: one request, not two).
   */
  refreshNow(freshForMs?: number): void;
  stop(): void;
}

/** The refresh loop of the overview, independent of React so it can be tested on its own. */
export function createPoller({ load, onSchedule, now = Date.now, startsFresh = false }: PollerOptions): Poller {
  let failures = 0;
  let fresh = startsFresh;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = false;
  let visible = false;
  let stopped = false;
  let lastRunAt = Number.NEGATIVE_INFINITY;

  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const schedule = () => {
    clear();
    if (stopped || !visible) return;
    const delayMs = nextPollDelayMs(failures);
    timer = setTimeout(run, delayMs);
    onSchedule?.({ state: 'waiting', at: now() + delayMs, delayMs });
  };

  async function run() {
    if (stopped || inFlight) return;
    clear();
    inFlight = true;
    lastRunAt = now();
    onSchedule?.({ state: 'loading' });
    const ok = await load();
    inFlight = false;
    failures = ok ? 0 : failures + 1;
    schedule();
  }

  return {
    setVisible(next) {
      if (stopped || next === visible) return;
      visible = next;
      const wasFresh = fresh;
      fresh = false;
      if (visible && wasFresh) schedule();
      else if (visible) void run();
      else {
        clear();
        onSchedule?.({ state: 'paused' });
      }
    },
    refreshNow(freshForMs = 0) {
      // While failing, the back-off schedule decides (a struggling API is not hammered).
      if (stopped || !visible || failures > 0 || now() - lastRunAt < freshForMs) return;
      void run();
    },
    stop() {
      stopped = true;
      clear();
    },
  };
}
