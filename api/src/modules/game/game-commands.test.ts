import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandPlugin, issueToken, openInstance } from '../../test-support/game-commands-kit';
import { seedServer } from '../../test-support/players-bans-notes-fixtures';
import type { TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { enqueueCommands } from './game-commands';
import type { GameTables } from './tables';

// The plugin command channel (issue 25 item 2): GET /api/game/commands (long-poll) and
// POST /api/game/commands/ack, with a fake plugin over real HTTP.

const ALICE = '76561197960287930';
const payload = (message: string) => ({ message, banId: null, reason: null, expiresAt: null });
const ENV = { GAME_COMMAND_REDELIVER_SECONDS: '1' };

describe.each(testDatabases())('plugin command channel on $name', (kind) => {
  let url: string;
  let drop: () => Promise<void>;
  let t: TestApp & { baseUrl: string };
  let s1: CommandPlugin;
  let s2: CommandPlugin;
  const queue = (serverId: string, message: string, on: TestApp = t) =>
    enqueueCommands(on.database.db as never as import('kysely').Kysely<GameTables>, serverId, [
      { kind: 'kick', steamid: ALICE, payload: payload(message) },
    ]);

  beforeAll(async () => {
    ({ url, drop } = await kind.create());
    t = await openInstance(url, ENV);
    await seedServer(t, 's1');
    await seedServer(t, 's2', 'Versus #2');
    s1 = new CommandPlugin(t.baseUrl, await issueToken(t, 's1'));
    s2 = new CommandPlugin(t.baseUrl, await issueToken(t, 's2'));
  });
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  it('answers at once when a command waits, with its id, and 204 after the wait when none', async () => {
    const [id] = await queue('s1', 'first');
    const answer = await s1.poll(5);
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(1000);
    expect(answer.body.commands).toEqual([
      expect.objectContaining({
        id,
        kind: 'kick',
        steamid: ALICE,
        steam2: 'STEAM_1:0:11101',
        message: 'first',
        attempt: 1,
      }),
    ]);
    expect((await s1.ack([id as number])).body).toEqual({ acknowledged: [id] });
    const empty = await s1.poll(0);
    expect(empty.status).toBe(204);
    const waited = await s2.poll(1);
    expect(waited.status).toBe(204);
    expect(waited.ms).toBeGreaterThanOrEqual(900);
  });

  it('wakes a held long-poll as soon as a command is queued, for its own server only', async () => {
    const held = s1.poll(20);
    const other = s2.poll(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const queuedAt = performance.now();
    const [id] = await queue('s1', 'wake up');
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(answer.body.commands.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(performance.now() - queuedAt).toBeLessThan(1000);
    expect((await other).status).toBe(204);
    await s1.ack([id as number]);
  });

  it('hands a command out again, same id, until it is acknowledged; never after', async () => {
    const [id] = await queue('s1', 'again');
    const first = await s1.poll(0);
    expect(first.body.commands).toEqual([expect.objectContaining({ id, attempt: 1 })]);
    // Not acknowledged: not handed out before the redelivery timeout...
    expect((await s1.poll(0)).status).toBe(204);
    // ...then again, with the same id (the plugin runs it once by its id).
    const second = await s1.poll(5);
    expect(second.status).toBe(200);
    expect(second.body.commands).toEqual([expect.objectContaining({ id, attempt: 2 })]);
    await s1.ack([id as number]);
    // Acknowledging twice is fine.
    expect((await s1.ack([id as number])).status).toBe(200);
    expect((await s1.poll(3)).status).toBe(204);
  });

  it('refuses a missing or wrong token, bad input, and acknowledging another server’s commands', async () => {
    const [id] = await queue('s1', 'not yours');
    const stranger = new CommandPlugin(t.baseUrl, 'opgs_not-a-real-token-at-all');
    for (const answer of [await stranger.poll(0), await stranger.ack([id as number])]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error: 'UNAUTHORIZED', message: expect.any(String) });
    }
    const bare = await fetch(`${t.baseUrl}/api/game/commands?wait=0`);
    expect(bare.status).toBe(401);
    for (const bad of ['/commands?wait=26', '/commands?wait=-1', '/commands?wait=soon']) {
      const answer = await s1.call('GET', bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    for (const body of [
      {},
      { ids: [] },
      { ids: ['x'] },
      { ids: [0] },
      { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
    ]) {
      const answer = await s1.call('POST', '/commands/ack', body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    // s2's token cannot acknowledge s1's command, alone or mixed with nothing of its own.
    for (const ids of [[id as number], [id as number, 999_999]]) {
      const refused = await s2.ack(ids);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ error: 'UNKNOWN_COMMAND', message: expect.any(String) });
    }
    const row = await t.database.db
      .selectFrom('game_commands')
      .select('acked_at')
      .where('id', '=', id as number)
      .executeTakeFirstOrThrow();
    expect(row.acked_at).toBeNull();
    // s2 never sees it; s1 still gets it.
    expect((await s2.poll(0)).status).toBe(204);
    const mine = await s1.poll(0);
    expect(mine.body.commands.map((c: { id: number }) => c.id)).toEqual([id]);
    await s1.ack([id as number]);
  });

  it('keeps unacknowledged commands across an API restart', async () => {
    const [id] = await queue('s1', 'survives');
    await t.close();
    t = await openInstance(url, ENV);
    s1 = new CommandPlugin(t.baseUrl, s1.token);
    s2 = new CommandPlugin(t.baseUrl, s2.token);
    const answer = await s1.poll(0);
    expect(answer.body.commands).toEqual([expect.objectContaining({ id, message: 'survives' })]);
    await s1.ack([id as number]);
  });

  it('answers a held long-poll when the app closes', async () => {
    const other = await openInstance(url, ENV);
    const plugin = new CommandPlugin(other.baseUrl, s2.token);
    const held = plugin.poll(20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const closed = other.close();
    expect((await held).status).toBe(204);
    expect(performance.now() - started).toBeLessThan(2000);
    await closed;
  });

  if (kind.name === 'postgres') {
    it('wakes a long-poll held on another instance (LISTEN/NOTIFY)', async () => {
      const b = await openInstance(url, ENV);
      try {
        // Give B's LISTEN connection a moment to be up.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const onB = new CommandPlugin(b.baseUrl, s1.token);
        const held = onB.poll(20);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const queuedAt = performance.now();
        const [id] = await queue('s1', 'from A', t);
        const answer = await held;
        expect(answer.status).toBe(200);
        expect(answer.body.commands.map((c: { id: number }) => c.id)).toEqual([id]);
        expect(performance.now() - queuedAt).toBeLessThan(1000);
        await onB.ack([id as number]);
      } finally {
        await b.close();
      }
    });
  }
});
