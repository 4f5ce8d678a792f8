import { randomBytes } from 'node:crypto';
import { WEBHOOK_MAX_ATTEMPTS } from '@outpost/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../../config';
import { nowSeconds } from '../../../lib/clock';
import { metaService } from '../../meta';
import type { PanelTables } from '../tables';
import { sendToWebhook } from './discord-sender';
import { checkWebhookUrl, webhookTarget } from './webhook-url';
import {
  claimDelivery,
  type DueDelivery,
  dueDeliveries,
  failPending,
  nextDueAt,
  pruneDeliveries,
  releaseClaims,
  restWebhook,
  saveAttempt,
  updateWebhookRow,
} from './webhooks-repository';

export const ALLOW_ANY_HTTPS_SETTING = 'webhooks.allowAnyHttps';
/** A claim outlives the longest send (WEBHOOK_TIMEOUT_MS) by this much before another instance may take the row. */
const LEASE_MARGIN_MS = 30_000;
/** Webhooks sent to at once by one instance (each webhook's deliveries go one at a time, in order). */
const CONCURRENCY = 4;
const MAX_BACKOFF_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** Finished deliveries kept per webhook (besides WEBHOOK_HISTORY_DAYS). */
export const KEEP_PER_WEBHOOK = 100;

export interface DeliveryWorkerDeps {
  db: Kysely<PanelTables>;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Sends queued deliveries. The queue is the database: each instance looks for due rows
 * (every WEBHOOK_POLL_INTERVAL_MS, at once when something is queued here, and exactly when
 * a 429's wait ends), claims a row with one conditional UPDATE and sends it; so a delivery
 * goes out once however many instances run, and one queued before a restart goes out after it.
 */
export class DeliveryWorker {
  readonly runnerId = randomBytes(8).toString('hex');
  private readonly inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private lastPrune = 0;

  constructor(private readonly deps: DeliveryWorkerDeps) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Looks for due deliveries now (coalesced: several wakes while a look runs make one more). */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.ticking = this.tick()
      .catch((error) => this.deps.log.warn({ err: error }, 'webhook delivery sweep failed'))
      .finally(() => {
        this.ticking = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Stops sending; a send under way is abandoned (not counted) and its row handed back to the queue. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const { controller } of this.inFlight.values()) controller.abort('shutdown');
    await this.ticking;
    await Promise.all([...this.inFlight.values()].map((entry) => entry.done));
    await releaseClaims(this.deps.db, this.runnerId).catch((error) =>
      this.deps.log.warn({ err: error }, 'handing back webhook deliveries failed'),
    );
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), Math.max(0, delayMs));
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    const { db, config } = this.deps;
    const now = Date.now();
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await pruneDeliveries(db, nowSeconds() - config.WEBHOOK_HISTORY_DAYS * 86400, KEEP_PER_WEBHOOK);
    }
    const busyWebhooks = new Set([...this.inFlight.keys()]);
    const free = CONCURRENCY - this.inFlight.size;
    if (free > 0) {
      const due = await dueDeliveries(db, now, 50);
      for (const row of due) {
        if (this.stopped || this.inFlight.size >= CONCURRENCY) break;
        // One delivery per webhook at a time keeps their order and Discord's per-webhook limit.
        if (busyWebhooks.has(row.webhook_id)) continue;
        busyWebhooks.add(row.webhook_id);
        if (
          !(await claimDelivery(db, row.id, this.runnerId, Date.now(), config.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS))
        ) {
          continue;
        }
        this.launch(row);
      }
    }
    // Sleep until the next delivery is due (a 429's wait ends to the millisecond), at most a
    // poll interval (others may queue through another instance). Rows of webhooks busy here
    // are not waited for: the end of their send wakes the worker.
    const poll = config.WEBHOOK_POLL_INTERVAL_MS;
    const full = this.inFlight.size >= CONCURRENCY;
    const next = full ? null : await nextDueAt(db, Date.now(), new Set(this.inFlight.keys()));
    this.schedule(next === null ? poll : Math.min(poll, Math.max(10, next - Date.now())));
  }

  private launch(row: DueDelivery): void {
    const controller = new AbortController();
    const done = this.deliver(row, controller.signal)
      .catch((error) => {
        if (!controller.signal.aborted)
          this.deps.log.error({ err: error, delivery: row.id }, 'webhook delivery failed');
      })
      .finally(() => {
        this.inFlight.delete(row.webhook_id);
        this.wake();
      });
    this.inFlight.set(row.webhook_id, { controller, done });
  }

  private async deliver(row: DueDelivery, signal: AbortSignal): Promise<void> {
    const { db, config } = this.deps;
    const attempts = Number(row.attempts) + 1;
    const finish = (state: 'delivered' | 'failed', status: number | null, error: string | null) =>
      saveAttempt(db, row.id, this.runnerId, {
        state,
        attempts,
        next_attempt_at: Number(row.next_attempt_at),
        last_status: status,
        last_error: error?.slice(0, 500) ?? null,
        finished_at: nowSeconds(),
      });
    // The URL is checked again: the site may have stopped allowing non-Discord hosts since.
    const allowAnyHttps = await metaService.readSetting(db, ALLOW_ANY_HTTPS_SETTING, false);
    const checked = checkWebhookUrl(row.url, allowAnyHttps);
    if (!checked.ok) return finish('failed', null, `The webhook URL is no longer allowed: ${checked.message}`);

    const outcome = await sendToWebhook(webhookTarget(checked.url, config.DISCORD_WEBHOOK_URL), row.body, {
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      signal,
      // DISCORD_WEBHOOK_URL is the operator's (a relay or a test fake may be local); every
      // other host goes through the guard.
      trustedHosts: [new URL(config.DISCORD_WEBHOOK_URL).host],
    });
    if (outcome.kind === 'delivered') {
      await finish('delivered', outcome.status, null);
      if (outcome.restMs > 0) await restWebhook(db, row.webhook_id, Date.now() + outcome.restMs);
      return;
    }
    if (outcome.kind === 'failed') return finish('failed', outcome.status, outcome.error);
    if (outcome.kind === 'gone') {
      await finish('failed', outcome.status, outcome.error);
      const reason = `Disabled: ${outcome.error}. Create a new webhook in Discord and paste its URL here.`;
      await updateWebhookRow(db, row.webhook_id, {
        enabled: 0,
        disabled_reason: reason.slice(0, 300),
        updated_at: nowSeconds(),
      });
      await failPending(db, row.webhook_id, 'The webhook was disabled: Discord says it no longer exists', nowSeconds());
      this.deps.log.warn({ webhook: row.webhook_id, status: outcome.status }, 'webhook gone: disabled');
      return;
    }
    // retry
    if (attempts >= WEBHOOK_MAX_ATTEMPTS) {
      return finish('failed', outcome.status, `Gave up after ${attempts} attempts. Last: ${outcome.error}`);
    }
    const wait = outcome.afterMs ?? Math.min(config.WEBHOOK_RETRY_BASE_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS);
    const at = Date.now() + wait;
    if (outcome.afterMs !== null) await restWebhook(db, row.webhook_id, at);
    await saveAttempt(db, row.id, this.runnerId, {
      state: 'pending',
      attempts,
      next_attempt_at: at,
      last_status: outcome.status,
      last_error: outcome.error.slice(0, 500),
      finished_at: null,
    });
  }
}
