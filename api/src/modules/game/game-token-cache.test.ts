import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommandPlugin, issueToken, openInstance } from '../../test-support/game-commands-kit';
import { seedServer } from '../../test-support/players-bans-notes-fixtures';
import type { TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { cachedToken, keepToken, keptTokenCount, TOKEN_CACHE_TTL_MS } from './game-token-cache';

// Issue 30: on PostgreSQL each instance keeps a found plugin token for a few seconds (the
// connect check's budget), and a rotation must still end the old token at once on every
// instance, the one that rotated and the others (NOTIFY), long before the cache would let go.

const ALICE = '76561197960287930';

describe.each(testDatabases())('plugin token rotation across two instances on $name', (kind) => {
  let url: string;
  let drop: () => Promise<void>;
  let a: TestApp & { baseUrl: string };
  let b: TestApp & { baseUrl: string };

  beforeAll(async () => {
    ({ url, drop } = await kind.create());
    a = await openInstance(url);
    b = await openInstance(url);
    await seedServer(a, 's1');
    await seedServer(a, 's2', 'Versus #2');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  const check = (plugin: CommandPlugin) => plugin.call('POST', '/check', { steamid: ALICE, name: 'Alice' });

  /** Asks with `plugin` until it is refused; answers how long that took (ms), or fails after `within`. */
  async function refusedWithin(plugin: CommandPlugin, within: number): Promise<number> {
    const started = performance.now();
    for (;;) {
      const answer = await check(plugin);
      if (answer.status === 401) return performance.now() - started;
      expect(answer.status).toBe(200);
      if (performance.now() - started > within) throw new Error(`still accepted after ${within} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('a token rotated on one instance is refused on the other at once, though that one had just used it', async () => {
    const old = await issueToken(a, 's1');
    const onA = new CommandPlugin(a.baseUrl, old);
    const onB = new CommandPlugin(b.baseUrl, old);
    // Both instances have just found it (on PostgreSQL: kept for TOKEN_CACHE_TTL_MS).
    for (const plugin of [onA, onB, onA, onB]) expect((await check(plugin)).status).toBe(200);
    const fresh = await issueToken(a, 's1');
    // The rotating instance forgot it before answering.
    expect((await check(onA)).status).toBe(401);
    // The other hears it by NOTIFY: far sooner than the cache's own expiry.
    expect(await refusedWithin(onB, TOKEN_CACHE_TTL_MS / 2)).toBeLessThan(TOKEN_CACHE_TTL_MS / 2);
    expect((await check(new CommandPlugin(b.baseUrl, fresh))).status).toBe(200);
    expect((await check(new CommandPlugin(a.baseUrl, fresh))).status).toBe(200);
  });

  it('rotating on the other instance, twice in a row, ends each older token and touches no other server', async () => {
    const first = await issueToken(b, 's1');
    const other = await issueToken(a, 's2');
    for (const plugin of [new CommandPlugin(a.baseUrl, first), new CommandPlugin(a.baseUrl, other)])
      expect((await check(plugin)).status).toBe(200);
    const second = await issueToken(b, 's1');
    const third = await issueToken(b, 's1');
    await refusedWithin(new CommandPlugin(a.baseUrl, first), TOKEN_CACHE_TTL_MS / 2);
    await refusedWithin(new CommandPlugin(a.baseUrl, second), TOKEN_CACHE_TTL_MS / 2);
    expect((await check(new CommandPlugin(a.baseUrl, third))).status).toBe(200);
    // s2's token, kept on A, was not touched by s1's rotations.
    expect((await check(new CommandPlugin(a.baseUrl, other))).status).toBe(200);
  });

  it('a token that was never valid, or a wrong one of the right shape, is refused on both, cached or not', async () => {
    const valid = await issueToken(a, 's2');
    for (const instance of [a, b]) {
      expect((await check(new CommandPlugin(instance.baseUrl, valid))).status).toBe(200);
      for (const wrong of [`${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`, 'x'.repeat(40), `${valid}x`]) {
        expect((await check(new CommandPlugin(instance.baseUrl, wrong))).status).toBe(401);
      }
    }
  });
});

describe('the token cache', () => {
  it('drops expired tokens by itself, not only when one is asked for again', () => {
    // 10,000 command sockets connect, then stay idle: nothing asks for their tokens again.
    vi.useFakeTimers();
    try {
      const db = {};
      for (const hash of ['h1', 'h2', 'h3']) keepToken(db, hash, `server-${hash}`, 1);
      vi.advanceTimersByTime(TOKEN_CACHE_TTL_MS / 2);
      keepToken(db, 'h4', 'server-h4', 1);
      vi.advanceTimersByTime(TOKEN_CACHE_TTL_MS / 2 + 200);
      expect(keptTokenCount(db)).toBe(1);
      expect(cachedToken(db, 'h4')?.serverId).toBe('server-h4');
      vi.advanceTimersByTime(TOKEN_CACHE_TTL_MS);
      expect(keptTokenCount(db)).toBe(0);
      // Nothing left: no sweep is pending.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
