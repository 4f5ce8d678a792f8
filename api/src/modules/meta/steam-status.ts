/** How long one answer from the Steam status check is trusted. */
const STATUS_TTL_MS = 60_000;
const CHECK_TIMEOUT_MS = 3_000;

export interface SteamStatus {
  /** Whether Steam answered its status check recently; never waits more than one check. */
  isAvailable(): Promise<boolean>;
}

/**
 * A cached Steam status check: one request per minute per instance at most, however many
 * visitors load /api/meta. 'none' disables the check (Steam is then always reported up).
 * A stale value is served while the next check runs, so only the very first call waits.
 */
export function createSteamStatus(statusUrl: string, ttlMs = STATUS_TTL_MS): SteamStatus {
  if (statusUrl === 'none') return { isAvailable: async () => true };
  let value: boolean | null = null;
  let checkedAt = 0;
  let running: Promise<boolean> | null = null;

  const check = (): Promise<boolean> => {
    running ??= probe(statusUrl)
      .then((available) => {
        value = available;
        checkedAt = Date.now();
        return available;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    async isAvailable() {
      if (value === null) return check();
      if (Date.now() - checkedAt >= ttlMs) void check();
      return value;
    },
  };
}

async function probe(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
