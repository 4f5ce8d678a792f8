import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

// The bot's one worker loop (issue 26): runs each durable queue's sweep (the staff channel's
// messages, role sync) in turn, then sleeps until the soonest says it has work, at most a
// poll interval, or until something is queued here (wake).

/** A queue's sweep: sends what is due as `runner`; answers ms until it next has work. */
export type Sweep = (runner: string, stopped: () => boolean) => Promise<number>;

export class BotWorker {
  readonly runner = randomBytes(8).toString('hex');
  private running: Promise<void> | null = null;
  private stopped = true;
  private nudge: (() => void) | null = null;
  private nudged = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
    private readonly sweeps: Sweep[],
  ) {}

  start(): void {
    this.stopped = false;
    this.running = this.loop();
  }

  /** Something was queued: look now rather than at the next poll. */
  wake(): void {
    this.nudged = true;
    this.nudge?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.nudged = false;
      let waitMs = this.pollMs;
      for (const sweep of this.sweeps) {
        try {
          waitMs = Math.min(waitMs, await sweep(this.runner, () => this.stopped));
        } catch (error) {
          this.log.warn({ err: error }, 'Discord bot queue sweep failed');
        }
      }
      if (this.nudged || this.stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(10, waitMs));
        this.nudge = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.nudge = null;
    }
  }
}
