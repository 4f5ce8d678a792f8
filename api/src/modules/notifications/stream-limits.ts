/**
 * Caps on open notification streams (issue 9 item 5): per user the oldest stream is
 * closed when a new one would pass SSE_MAX_STREAMS_PER_USER (the newest tab wins); per
 * client address a stream beyond SSE_MAX_STREAMS_PER_IP is refused (429).
 */
export class StreamLimits {
  private readonly byUser = new Map<string, Array<() => void>>();
  private readonly byIp = new Map<string, number>();

  constructor(
    private readonly perUser: number,
    private readonly perIp: number,
  ) {}

  /** Whether another stream from this address is allowed. */
  admits(ip: string): boolean {
    return (this.byIp.get(ip) ?? 0) < this.perIp;
  }

  /** Registers an open stream (closing the user's oldest over the cap); returns its release. */
  register(userId: string, ip: string, close: () => void): () => void {
    const streams = this.byUser.get(userId) ?? [];
    this.byUser.set(userId, streams);
    streams.push(close);
    this.byIp.set(ip, (this.byIp.get(ip) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const list = this.byUser.get(userId) ?? [];
      const at = list.indexOf(close);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0) this.byUser.delete(userId);
      const left = (this.byIp.get(ip) ?? 1) - 1;
      if (left <= 0) this.byIp.delete(ip);
      else this.byIp.set(ip, left);
    };
    // The oldest streams go first; each one's close releases its address count.
    while (streams.length > this.perUser) streams.shift()?.();
    return release;
  }

  /** Open streams of a user (for tests and health reporting). */
  countFor(userId: string): number {
    return this.byUser.get(userId)?.length ?? 0;
  }
}
