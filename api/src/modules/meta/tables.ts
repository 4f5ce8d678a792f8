// Row types of the tables the meta module owns. db/schema.ts composes them into Database;
// other modules reach these rows only through meta's door.

export interface SettingsTable {
  key: string;
  value: string;
}

/** Hits per rate-limited route and client in the current window (shared by every instance). */
export interface RateLimitCountersTable {
  /** `<route> <client key>`. */
  key: string;
  hits: number;
  /** Milliseconds since the epoch. */
  window_ends_at: number;
}

export interface MetaTables {
  settings: SettingsTable;
  rate_limit_counters: RateLimitCountersTable;
}
