/** How long one answer from the Steam status check is trusted. */
const STATUS_TTL_MS = 60_000;
const CHECK_TIMEOUT_MS = 3_000;

/**
 * online: Steam answered; offline: Steam answered that it is not serving (an HTTP error
 * status); unknown: Steam could not be asked (no network, DNS, time-out, or the check is
 * off). Only `offline` shows SPEC 8's banner: a host that cannot reach Steam is not Steam down.
 */
export type SteamState = 'online' | 'offline' | 'unknown';

export interface SteamStatus {
  /** The last check's answer; never waits more than one check. */
  state(): Promise<SteamState>;
}

/**
 * A cached Steam status check: one request per minute per instance at most, however many
 * visitors load /api/meta. 'none' disables the check (the state is then always unknown).
 * A stale value is served while the next check runs, so only the very first call waits.
 */
export function createSteamStatus(statusUrl: string, ttlMs = STATUS_TTL_MS): SteamStatus {
  if (statusUrl === 'none') return { state: async () => 'unknown' };
  let value: SteamState | null = null;
  let checkedAt = 0;
  let running: Promise<SteamState> | null = null;

  const check = (): Promise<SteamState> => {
    running ??= probe(statusUrl)
      .then((state) => {
        value = state;
        checkedAt = Date.now();
        return state;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    async state() {
      if (value === null) return check();
      if (Date.now() - checkedAt >= ttlMs) void check();
      return value;
    },
  };
}

async function probe(url: string): Promise<SteamState> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok ? 'online' : 'offline';
  } catch {
    return 'unknown';
  }
}
