import { randomUUID } from 'node:crypto';
import type { GameEvent } from '@outpost/contracts';

// Test double of a SourceMod plugin: talks to the API over real HTTP with its token,
// exactly as the plugin does (see the README's "Game-server plugin API" section).

export class FakePlugin {
  constructor(
    public readonly baseUrl: string,
    public token: string,
  ) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: any; text: string; type: string }> {
    const response = await fetch(`${this.baseUrl}/api/game${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, text, type: response.headers.get('content-type') ?? '' };
  }

  postEvents(events: GameEvent[]) {
    return this.call('POST', '/events', { events });
  }

  check(who: { steamid?: string; ip?: string; name?: string }) {
    return this.call('POST', '/check', who);
  }

  /** `!report` in game: the reporting player, the target and a reason from GET /reports/reasons. */
  report(input: {
    reporter: { steamid: string; name?: string };
    target: { steamid: string; name?: string };
    reason: string;
    details?: string;
  }) {
    return this.call('POST', '/reports', input);
  }

  static event<T extends GameEvent['type']>(
    type: T,
    fields: Omit<Extract<GameEvent, { type: T }>, 'id' | 'type' | 'timestamp'> & { timestamp?: number },
  ): GameEvent {
    return { id: randomUUID(), type, timestamp: Math.floor(Date.now() / 1000), ...fields } as GameEvent;
  }
}
