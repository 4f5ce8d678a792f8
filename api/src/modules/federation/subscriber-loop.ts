import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { pollSubscription, type SubscriberOptions } from './feed-subscriber';
import { claimSubscription, dueSubscriptions } from './subscriptions-repository';
import type { FederationTables } from './tables';

/** How long a claim on a subscription lasts: longer than any catch-up between two looks. */
const LEASE_MS = 5 * 60_000;

/**
 * Reads the subscribed feeds that are due (issue 29). Every instance looks; a due feed is
 * claimed with one conditional update, so each is read by one instance at a time, and a
 * feed being caught up never holds up another (each runs on its own).
 */
export class SubscriberLoop {
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Map<string, Promise<void>>();
  private stopped = true;

  constructor(
    private readonly db: Kysely<FederationTables>,
    private readonly options: SubscriberOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopped = false;
    void this.look();
  }

  /** Looks for due feeds now (a new subscription, "read now"). */
  async look(): Promise<void> {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    try {
      for (const id of await dueSubscriptions(this.db, Date.now())) {
        if (this.running.has(id)) continue;
        if (!(await claimSubscription(this.db, id, Date.now(), LEASE_MS))) continue;
        const work = pollSubscription(this.db, id, this.options)
          .then(() => undefined)
          .catch((error) => this.log.warn({ err: error, subscription: id }, 'reading a federation feed failed'))
          .finally(() => this.running.delete(id));
        this.running.set(id, work);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'looking for due federation feeds failed');
    }
    if (!this.stopped) {
      this.timer = setTimeout(() => void this.look(), Math.min(this.options.pollIntervalMs, 5000));
      this.timer.unref();
    }
  }

  /** Every read under way (tests wait for them). */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.settled();
  }
}
