// The payloads of the servers module's events (lib/events.ts: `sweep.finished`,
// `instance.outcome`): the panel turns them into alerts and health figures.

export interface SweepFinished {
  /** Seconds since the epoch when the sweep ended. */
  at: number;
  durationMs: number;
  servers: number;
  answered: number;
  /** Every swept server's online state. */
  statuses: { id: string; online: boolean }[];
}

export interface InstanceOutcome {
  groupName: string;
  ok: boolean;
  /** The new server's name when ok, the reason when not. */
  detail: string;
  serverId: string | null;
}
