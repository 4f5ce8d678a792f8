/**
 * Keeps the feed current (issue 29): a sync when a restriction changes (coalesced: changes
 * during a sync make one more), and every `everyMs` for what no event announced (edits,
 * imports, a write while this instance was down). One sync at a time per instance; across
 * instances the publisher's lock orders them.
 */
export class FeedSyncLoop {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(
    private readonly sync: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.running = this.sync()
      .then(
        () => undefined,
        (error) => this.onError(error),
      )
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        } else if (!this.stopped) {
          this.timer = setTimeout(() => this.wake(), this.everyMs);
          this.timer.unref();
        }
      });
  }

  /** The sync under way, if any (tests wait for it). */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
