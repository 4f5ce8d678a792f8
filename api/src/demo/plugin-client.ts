import { randomUUID } from 'node:crypto';
import type { GameCheckResponse, GameCommand, GameEvent } from '@outpost/contracts';

// The demo's game-server plugin: what a SourceMod plugin does, over the real plugin API
// (/api/game with the server's token): check players on connect, post events in batches, and
// hold the command channel (GET /api/game/commands) to act on bans made elsewhere at once.

export type NewGameEvent = GameEvent extends infer E
  ? E extends GameEvent
    ? Omit<E, 'id' | 'timestamp'> & { timestamp?: number }
    : never
  : never;

export class PluginApiError extends Error {}

export class PluginClient {
  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
  ) {}

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
    options: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<T> {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
    const response = await fetch(`${this.apiUrl}/api/game${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
    });
    const text = await response.text();
    if (!response.ok)
      throw new PluginApiError(`${method} /api/game${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return (text === '' ? null : JSON.parse(text)) as T;
  }

  /** Holds the command channel up to `waitSeconds`; answers the commands (none when the wait ended). */
  async commands(waitSeconds: number, signal?: AbortSignal): Promise<GameCommand[]> {
    const answer = await this.call<{ commands: GameCommand[] } | null>(
      'GET',
      `/commands?wait=${waitSeconds}`,
      undefined,
      {
        timeoutMs: (waitSeconds + 10) * 1000,
        signal,
      },
    );
    return answer?.commands ?? [];
  }

  /** Says these commands were carried out. */
  async ack(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.call('POST', '/commands/ack', { ids });
  }

  /** The ban and comm check a plugin runs when a player connects. */
  check(who: { steamid: string; ip?: string; name?: string }): Promise<GameCheckResponse> {
    return this.call('POST', '/check', who);
  }

  /** Posts events (ids and timestamps filled in); returns how many were new. */
  async post(events: NewGameEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const now = Math.floor(Date.now() / 1000);
    const batch = events.map((event) => ({ id: randomUUID(), timestamp: now, ...event }));
    const answer = await this.call<{ accepted: number }>('POST', '/events', { events: batch });
    return answer.accepted;
  }
}
