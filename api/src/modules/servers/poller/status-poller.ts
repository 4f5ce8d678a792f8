import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../../db/database';
import { A2sClient } from '../../../protocols/a2s-client';
import type { ServersTables } from '../tables';
import { type SweepOptions, type SweepReport, sweepStatuses } from './status-sweep';

/** The PostgreSQL advisory lock the polling instance holds (any fixed 64-bit number). */
export const POLLER_LOCK_KEY = 4_172_026_004;

export interface StatusPollerOptions extends SweepOptions {
  intervalMs: number;
}

/**
 * Polls every server every interval. On PostgreSQL only the instance holding the advisory
 * lock polls (on a connection it keeps, so the lock lives as long as it does); the others
 * try again each interval and take over if it goes away, so leadership moves within one
 * interval. A dropped connection (leader's or follower's) fails one round: logged, the pool
 * drops it, and the loop starts over on a fresh one after an interval. On SQLite the one
 * process polls.
 */
export class StatusPoller {
  private stopped = true;
  private wake: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private client: A2sClient | null = null;
  /** True while this instance is the one polling. */
  leader = false;
  lastSweep: SweepReport | null = null;

  constructor(
    private readonly db: Kysely<ServersTables>,
    private readonly dialect: DialectName,
    private readonly options: StatusPollerOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    this.running = null;
  }

  private async loop(): Promise<void> {
    this.client = await A2sClient.open();
    try {
      while (!this.stopped) {
        try {
          if (this.dialect === 'postgres') await this.pollWhileLeader();
          else await this.pollForever(() => true);
        } catch (error) {
          this.leader = false;
          this.log.warn({ err: error }, 'status poller failed; retrying');
          await this.sleep(this.options.intervalMs);
        }
      }
    } finally {
      this.client.close();
    }
  }

  private async pollWhileLeader(): Promise<void> {
    await this.db.connection().execute(async (connection) => {
      try {
        await this.pollForever(async () => {
          if (!this.leader) {
            const { rows } = await sql<{
              locked: boolean;
            }>`select pg_try_advisory_lock(${POLLER_LOCK_KEY}) as locked`.execute(connection);
            this.leader = rows[0]?.locked === true;
          } else {
            // The lock lives as long as this connection: when PostgreSQL ended it (restart,
            // failover, pg_terminate_backend) another instance may already hold the lock, so
            // stop here (the query throws) rather than poll beside it.
            await sql`select 1`.execute(connection);
          }
          return this.leader;
        });
      } finally {
        if (this.leader) await sql`select pg_advisory_unlock(${POLLER_LOCK_KEY})`.execute(connection).catch(() => {});
        this.leader = false;
      }
    });
  }

  private async pollForever(mayPoll: () => boolean | Promise<boolean>): Promise<void> {
    while (!this.stopped) {
      const started = Date.now();
      if (await mayPoll()) {
        this.leader = true;
        this.lastSweep = await sweepStatuses(this.db, this.client as A2sClient, this.options);
      }
      await this.sleep(this.options.intervalMs - (Date.now() - started));
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
