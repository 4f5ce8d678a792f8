import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken, issueToken as newSecret } from '../../lib/tokens';
import {
  CommandPlugin,
  issueToken,
  openInstance,
  RefusedUpgrade,
  SocketPlugin,
  until,
} from '../../test-support/game-commands-kit';
import { json, seedServer } from '../../test-support/players-bans-notes-fixtures';
import { signInAs, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { FRAME_BURST, FRAMES_PER_SECOND } from './game-command-socket';
import { commandHub, enqueueCommands, tokenRotated } from './game-commands';
import { forgetAllTokens } from './game-token-cache';
import type { GameTables } from './tables';

// The command channel as a WebSocket (game-command-socket.ts): a real app on a real port and a
// real `ws` client on loopback, on SQLite and PostgreSQL.

const ALICE = '76561197960287930';
const BOB = '76561197962734863';
const payload = (message: string) => ({ message, banId: null, reason: null, expiresAt: null });
const ENV = { GAME_COMMAND_REDELIVER_SECONDS: '1', GAME_COMMAND_PING_SECONDS: '1' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The refusal of an upgrade that should be refused (fails the test if it opened). */
async function refusal(opening: Promise<SocketPlugin>): Promise<RefusedUpgrade> {
  const outcome = await opening.then(
    (plugin) => {
      plugin.close();
      return new Error('the upgrade was accepted');
    },
    (error: unknown) => error,
  );
  if (!(outcome instanceof RefusedUpgrade)) throw outcome;
  return outcome;
}

describe.each(testDatabases())('plugin command socket on $name', (kind) => {
  let url: string;
  let drop: () => Promise<void>;
  let t: TestApp & { baseUrl: string };
  let token1: string;
  let token2: string;
  const open: SocketPlugin[] = [];
  const connect = async (token: string, options?: { autoPong?: boolean }, on = t) => {
    const plugin = await SocketPlugin.open(on.baseUrl, token, options);
    open.push(plugin);
    return plugin;
  };
  const queue = (serverId: string, message: string, on: TestApp = t) =>
    enqueueCommands(on.database.db as never as Kysely<GameTables>, serverId, [
      { kind: 'kick', steamid: ALICE, payload: payload(message) },
    ]);
  const ackedAt = async (id: number) =>
    (await t.database.db.selectFrom('game_commands').select('acked_at').where('id', '=', id).executeTakeFirstOrThrow())
      .acked_at;

  beforeAll(async () => {
    ({ url, drop } = await kind.create());
    t = await openInstance(url, ENV);
    for (const id of ['s1', 's2', 's3', 's4', 's5']) await seedServer(t, id);
    token1 = await issueToken(t, 's1');
    token2 = await issueToken(t, 's2');
  });
  afterAll(async () => {
    for (const plugin of open) plugin.close();
    await t?.close();
    await drop?.();
  });

  it('sends what is pending at connect, the long-poll’s body, and takes an ack', async () => {
    const [id] = await queue('s1', 'waiting');
    const plugin = await connect(token1);
    const frame = await plugin.next();
    expect(frame).toEqual({
      commands: [
        {
          id,
          kind: 'kick',
          steamid: ALICE,
          steam2: 'STEAM_1:0:11101',
          message: 'waiting',
          banId: null,
          reason: null,
          expiresAt: null,
          activeWarnings: null,
          warningId: null,
          createdAt: expect.any(Number),
          attempt: 1,
        },
      ],
    });
    plugin.send({ ack: [id] });
    expect(await plugin.next((f) => 'acknowledged' in f)).toEqual({ acknowledged: [id] });
    expect(await ackedAt(id as number)).not.toBeNull();
    // Acknowledged: not sent again after the redelivery time (1 s here).
    await pause(1500);
    expect(plugin.frames.filter((f) => 'commands' in f)).toHaveLength(1);
    plugin.close();
  });

  it('sends a command as soon as it is queued, to its own server only', async () => {
    const mine = await connect(token1);
    const other = await connect(token2);
    await pause(200);
    const queuedAt = performance.now();
    const [id] = await queue('s1', 'wake up');
    const frame = await mine.next((f) => 'commands' in f);
    expect(performance.now() - queuedAt).toBeLessThan(1000);
    expect(frame.commands.map((c: { id: number }) => c.id)).toEqual([id]);
    mine.send({ ack: [id] });
    await mine.next((f) => 'acknowledged' in f);
    await pause(300);
    expect(other.frames).toEqual([]);
    mine.close();
    other.close();
  });

  it('carries a ban made on the web to the plugin of the server the player is on', async () => {
    const staff = await signInAs(t, { name: 'Staff', codes: ['bans.*'], flags: 'z', immunity: 99 });
    const http = new CommandPlugin(t.baseUrl, token2);
    await http.postEvents([CommandPlugin.event('connect', { steamid: BOB, name: 'Bob', ip: '198.51.100.7' })]);
    const plugin = await connect(token2);
    await pause(200);
    const started = performance.now();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bans',
      headers: staff.headers,
      payload: { steamid: BOB, reason: 'Wallhack', length: 3600 },
    });
    expect(created.statusCode).toBe(201);
    const frame = await plugin.next((f) => 'commands' in f);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(frame.commands).toEqual([
      expect.objectContaining({ kind: 'ban', steamid: BOB, banId: json(created).id, reason: 'Wallhack', attempt: 1 }),
    ]);
    plugin.send({ ack: frame.commands.map((c: { id: number }) => c.id) });
    await plugin.next((f) => 'acknowledged' in f);
    plugin.close();
  });

  it('sends an unacknowledged command again, same id, attempt + 1, until acknowledged', async () => {
    const plugin = await connect(token1);
    const [id] = await queue('s1', 'again');
    const first = await plugin.next((f) => 'commands' in f);
    expect(first.commands).toEqual([expect.objectContaining({ id, attempt: 1 })]);
    const sentAt = performance.now();
    const second = await plugin.next((f) => 'commands' in f && f.commands[0].attempt === 2, 4000);
    // Not before the redelivery time (1 s, counted in whole seconds).
    expect(performance.now() - sentAt).toBeGreaterThan(500);
    expect(second.commands).toEqual([expect.objectContaining({ id, attempt: 2 })]);
    plugin.send({ ack: [id] });
    await plugin.next((f) => 'acknowledged' in f);
    const count = plugin.frames.length;
    await pause(2200);
    expect(plugin.frames.slice(count)).toEqual([]);
    plugin.close();
  });

  it('acknowledges nothing when an id is not the server’s own (UNKNOWN_COMMAND)', async () => {
    const [id] = await queue('s1', 'not yours');
    const stranger = await connect(token2);
    for (const ack of [[id], [id, 999_999]]) {
      const from = stranger.frames.length;
      stranger.send({ ack });
      expect(await stranger.next(() => true, 3000, from)).toEqual({
        error: 'UNKNOWN_COMMAND',
        message: expect.stringContaining(String(id)),
      });
    }
    expect(await ackedAt(id as number)).toBeNull();
    // The owner still gets it.
    const owner = await connect(token1);
    const frame = await owner.next((f) => 'commands' in f);
    expect(frame.commands.map((c: { id: number }) => c.id)).toContain(id);
    owner.send({ ack: [id] });
    await owner.next((f) => 'acknowledged' in f);
    stranger.close();
    owner.close();
  });

  it('answers bad frames BAD_MESSAGE and stays open; binary and oversized frames close it', async () => {
    // A command is pending, and the bad frames name it: none of them may acknowledge it.
    const [pending] = await queue('s1', 'not acknowledged by a bad frame');
    const plugin = await connect(token1);
    await plugin.next((f) => 'commands' in f);
    const bad = ['not json', '{"ack":', '[]', '42', '{}', '{"ids":[1]}', '{"ack":[]}', '{"ack":["x"]}', '{"ack":[0]}'];
    bad.push(JSON.stringify({ ack: Array.from({ length: 501 }, (_, i) => i + 1) }));
    bad.push('{"ack":[1],"more":true}');
    bad.push(`{"ack":[${pending}],"more":true}`, `{"ack":[${pending},"x"]}`, `{"ack":[${pending},0]}`);
    bad.push(`{"ids":[${pending}]}`, `{"ack":"${pending}"}`, `{"ack":${pending}}`);
    for (const text of bad) {
      const from = plugin.frames.length;
      plugin.send(text);
      expect(await plugin.next(() => true, 3000, from), text).toEqual({
        error: 'BAD_MESSAGE',
        message: expect.any(String),
      });
    }
    expect(plugin.closed).toBeUndefined();
    expect(await ackedAt(pending as number)).toBeNull();
    // Nor a binary frame holding a valid ack: it closes the socket and acknowledges nothing.
    plugin.ws.send(Buffer.from(JSON.stringify({ ack: [pending] })), { binary: true });
    expect((await plugin.whenClosed()).code).toBe(1003);
    expect(await ackedAt(pending as number)).toBeNull();
    const big = await connect(token1);
    await big.next((f) => 'commands' in f);
    big.send({ ack: [pending] });
    await big.next((f) => 'acknowledged' in f);
    expect(await ackedAt(pending as number)).not.toBeNull();
    big.send('x'.repeat(20_000));
    expect((await big.whenClosed()).code).toBe(1009);
    // The app is fine: a new socket works.
    const after = await connect(token1);
    const [id] = await queue('s1', 'still here');
    expect((await after.next((f) => 'commands' in f)).commands.map((c: { id: number }) => c.id)).toEqual([id]);
    after.send({ ack: [id] });
    await after.next((f) => 'acknowledged' in f);
    after.close();
  });

  describe('the frame rate limit', () => {
    // performance.now() stands still (only it is faked): no frame is earned back while a burst
    // is read unless the test moves the clock, whatever the machine's load.
    beforeAll(() => {
      vi.useFakeTimers({ toFake: ['performance'] });
    });
    afterAll(() => {
      vi.useRealTimers();
    });
    const errors = (plugin: SocketPlugin, from: number) =>
      plugin.frames.slice(from).map((frame) => (frame as { error?: string }).error ?? 'not an error');
    const answered = (plugin: SocketPlugin, from: number, count: number) =>
      until(() => (plugin.frames.length - from >= count ? true : undefined), 5000);

    it('answers frames past the burst RATE_LIMITED, unread, and reads them once the bucket refills', async () => {
      const [pending] = await queue('s1', 'acknowledged after the limit');
      const plugin = await connect(token1);
      await plugin.next((f) => 'commands' in f);
      const from = plugin.frames.length;
      // The burst spent on bad frames (no database work), then an ack past it.
      for (let i = 0; i < FRAME_BURST + 10; i++) plugin.send('{}');
      plugin.send({ ack: [pending] });
      await answered(plugin, from, FRAME_BURST + 11);
      const answers = errors(plugin, from);
      expect(answers.slice(0, FRAME_BURST)).toEqual(Array(FRAME_BURST).fill('BAD_MESSAGE'));
      expect(answers.slice(FRAME_BURST)).toEqual(Array(11).fill('RATE_LIMITED'));
      expect(plugin.frames.at(-1).message).toMatch(/send it again in \d+ ms/);
      // The ack was not read.
      expect(await ackedAt(pending as number)).toBeNull();
      expect(plugin.closed).toBeUndefined();
      // One frame's time later it is.
      vi.advanceTimersByTime(1000 / FRAMES_PER_SECOND);
      const later = plugin.frames.length;
      plugin.send({ ack: [pending] });
      expect(await plugin.next(() => true, 3000, later)).toEqual({ acknowledged: [pending] });
      expect(await ackedAt(pending as number)).not.toBeNull();
      // And the next frame waits for the next one.
      plugin.send('{}');
      expect((await plugin.next(() => true, 3000, later + 1)).error).toBe('RATE_LIMITED');
      plugin.close();
    });

    it('closes with 1008 a plugin that keeps sending past the limit; a pause long enough forgives', async () => {
      const plugin = await connect(token1);
      await pause(100);
      const send = (count: number) => {
        for (let i = 0; i < count; i++) plugin.send('{}');
      };
      // The burst, and as many refused: still open.
      send(FRAME_BURST * 2);
      await answered(plugin, 0, FRAME_BURST * 2);
      expect(plugin.closed).toBeUndefined();
      // Quiet until the bucket is full again: the refusals are forgiven.
      vi.advanceTimersByTime((FRAME_BURST * 1000) / FRAMES_PER_SECOND);
      send(FRAME_BURST * 2);
      await answered(plugin, FRAME_BURST * 2, FRAME_BURST * 2);
      expect(errors(plugin, FRAME_BURST * 2).filter((error) => error === 'BAD_MESSAGE')).toHaveLength(FRAME_BURST);
      expect(plugin.closed).toBeUndefined();
      // One more refused frame (the 101st since the bucket was full) closes it.
      send(1);
      expect((await plugin.whenClosed()).code).toBe(1008);
    });
  });

  it('refuses an upgrade without a valid token in the header with 401 {error, message}', async () => {
    const unknown = newSecret('gameServer');
    // A token of another kind, even with its hash in game_tokens, is not a game server token.
    const apiKey = newSecret('apiKey');
    await t.database.db
      .insertInto('game_tokens')
      .values({ server_id: 's3', token_hash: hashToken(apiKey), created_at: 1, last_used: null })
      .execute();
    const rotated = await issueToken(t, 's2');
    const fresh = await issueToken(t, 's2');
    token2 = fresh;
    const socketUrl = `${t.baseUrl.replace(/^http/, 'ws')}/api/game/commands/socket`;
    const shapes: Array<[string, Record<string, string>, string?]> = [
      ['no header', {}],
      ['empty', { authorization: '' }],
      ['not Bearer', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
      ['Bearer alone', { authorization: 'Bearer ' }],
      ['too short', { authorization: 'Bearer abc' }],
      ['bad characters', { authorization: 'Bearer opgs_$$$$$$$$$$$$$$$$' }],
      ['unknown token', { authorization: `Bearer ${unknown}` }],
      ['rotated token', { authorization: `Bearer ${rotated}` }],
      ['another kind', { authorization: `Bearer ${apiKey}` }],
      ['token in the query', {}, `?token=${fresh}`],
      ['access_token in the query', {}, `?access_token=${fresh}`],
      ['query beside a valid header', { authorization: `Bearer ${fresh}` }, `?token=${fresh}`],
    ];
    const { WebSocket } = await import('ws');
    for (const [name, headers, query] of shapes) {
      const ws = new WebSocket(`${socketUrl}${query ?? ''}`, { headers });
      const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        ws.once('open', () => reject(new Error(`${name}: accepted`)));
        ws.once('error', () => {});
        ws.once('unexpected-response', (_request, response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
      });
      expect(refused.status, name).toBe(401);
      expect(JSON.parse(refused.body), name).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
    }
    // The fresh token works, and SocketPlugin reports a refusal the same way.
    (await connect(fresh)).close();
    expect((await refusal(SocketPlugin.open(t.baseUrl, rotated))).status).toBe(401);
    // A plain GET (no Upgrade) of the path: 401 without a token, 426 with one.
    expect((await fetch(`${t.baseUrl}/api/game/commands/socket`)).status).toBe(401);
    const plain = await new CommandPlugin(t.baseUrl, fresh).call('GET', '/commands/socket');
    expect(plain.status).toBe(426);
    expect(plain.body).toEqual({ error: 'UPGRADE_REQUIRED', message: expect.any(String) });
    // Another path is no WebSocket.
    const elsewhere = new WebSocket(`${t.baseUrl.replace(/^http/, 'ws')}/api/game/commands`, {
      headers: { authorization: `Bearer ${fresh}` },
    });
    elsewhere.once('error', () => {});
    const status = await new Promise<number>((resolve) => {
      elsewhere.once('open', () => resolve(101));
      elsewhere.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    });
    expect(status).toBe(404);
  });

  it('closes a socket whose token is rotated (4001), within the ping interval', async () => {
    const token3 = await issueToken(t, 's3');
    const plugin = await connect(token3);
    await pause(200);
    await issueToken(t, 's3');
    const rotatedAt = performance.now();
    expect((await plugin.whenClosed(5000)).code).toBe(4001);
    // One ping interval (1 s here), plus the check.
    expect(performance.now() - rotatedAt).toBeLessThan(3000);
  });

  // The pings are 300 s apart on these instances: a close within a second is the rotation's own.
  const SLOW_PING = { ...ENV, GAME_COMMAND_PING_SECONDS: '300' };

  it('closes the old token’s sockets at once when the token is rotated, not at the next ping', async () => {
    const slow = await openInstance(url, SLOW_PING);
    try {
      const old = await issueToken(slow, 's4');
      const doomed = [await connect(old, {}, slow), await connect(old, {}, slow)];
      const bystander = await connect(token1, {}, slow);
      await pause(200);
      const fresh = await issueToken(slow, 's4');
      const rotatedAt = performance.now();
      for (const plugin of doomed) expect((await plugin.whenClosed(2000)).code).toBe(4001);
      expect(performance.now() - rotatedAt).toBeLessThan(1000);
      // The new token's socket is checked, not closed, by a late notice of the same rotation.
      const kept = await connect(fresh, {}, slow);
      await pause(100);
      tokenRotated(slow.database.db, 's4');
      await pause(500);
      expect(kept.closed).toBeUndefined();
      expect(bystander.closed).toBeUndefined();
      kept.close();
      bystander.close();
    } finally {
      await slow.close();
    }
  });

  it('re-checks every socket when a change may have gone unheard (the listener reconnected)', async () => {
    const slow = await openInstance(url, SLOW_PING);
    try {
      const old = await issueToken(slow, 's5');
      const plugin = await connect(old, {}, slow);
      const bystander = await connect(token1, {}, slow);
      await pause(200);
      // Changed behind the instance's back (no notice), then what listenForCommands does on a reconnect.
      await slow.database.db
        .updateTable('game_tokens')
        .set({ token_hash: hashToken(newSecret('gameServer')) })
        .where('server_id', '=', 's5')
        .execute();
      forgetAllTokens(slow.database.db);
      commandHub(slow.database.db).tokenChanged(null);
      expect((await plugin.whenClosed(1000)).code).toBe(4001);
      await pause(300);
      expect(bystander.closed).toBeUndefined();
      bystander.close();
    } finally {
      await slow.close();
    }
  });

  it('drops a socket that does not answer pings; keeps one that does', async () => {
    const silent = await connect(token1, { autoPong: false });
    const lively = await connect(token1);
    const closed = await silent.whenClosed(5000);
    expect(closed.code).toBe(1006);
    expect(lively.closed).toBeUndefined();
    lively.close();
  });

  it('counts sockets against MAX_CONNECTIONS_PER_IP', async () => {
    const capped = await openInstance(url, { ...ENV, MAX_CONNECTIONS_PER_IP: '2' });
    try {
      const a = await connect(token1, {}, capped);
      const b = await connect(token1, {}, capped);
      await expect(SocketPlugin.open(capped.baseUrl, token1)).rejects.toThrow();
      a.close();
      await pause(300);
      (await connect(token1, {}, capped)).close();
      b.close();
    } finally {
      await capped.close();
    }
  });

  it('closes every socket with 1001 when the app closes', async () => {
    const other = await openInstance(url, ENV);
    const first = await connect(token1, {}, other);
    const second = await connect(token2, {}, other);
    const started = performance.now();
    await other.close();
    expect((await first.whenClosed()).code).toBe(1001);
    expect((await second.whenClosed()).code).toBe(1001);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  if (kind.name === 'postgres') {
    it('closes the old token’s socket on another instance at once (NOTIFY), not at its next ping', async () => {
      const a = await openInstance(url, SLOW_PING);
      const b = await openInstance(url, SLOW_PING);
      try {
        await pause(500);
        const old = await issueToken(a, 's5');
        const onA = await connect(old, {}, a);
        const onB = await connect(old, {}, b);
        const bystander = await connect(token1, {}, b);
        await pause(200);
        const fresh = await issueToken(a, 's5');
        const rotatedAt = performance.now();
        expect((await onA.whenClosed(2000)).code).toBe(4001);
        expect((await onB.whenClosed(2000)).code).toBe(4001);
        expect(performance.now() - rotatedAt).toBeLessThan(1000);
        const kept = await connect(fresh, {}, b);
        await pause(300);
        expect(kept.closed).toBeUndefined();
        expect(bystander.closed).toBeUndefined();
        kept.close();
        bystander.close();
      } finally {
        await a.close();
        await b.close();
      }
    });

    it('sends a command queued on another instance (LISTEN/NOTIFY)', async () => {
      const b = await openInstance(url, ENV);
      try {
        await pause(500);
        const onB = await connect(token1, {}, b);
        await pause(200);
        const queuedAt = performance.now();
        const [id] = await queue('s1', 'from A', t);
        const frame = await onB.next((f) => 'commands' in f);
        expect(performance.now() - queuedAt).toBeLessThan(1000);
        expect(frame.commands.map((c: { id: number }) => c.id)).toEqual([id]);
        onB.send({ ack: [id] });
        expect(await onB.next((f) => 'acknowledged' in f)).toEqual({ acknowledged: [id] });
        onB.close();
      } finally {
        await b.close();
      }
    });
  }
});
