import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRconServer, startFakeRconServer } from '../test-support/fakes/fake-rcon-server';
import { RconError, runRconCommand } from './rcon-client';
import { decodeRconPackets, encodeRconPacket } from './rcon-packets';

describe('runRconCommand against a fake Source RCON server', () => {
  let fake: FakeRconServer;
  beforeAll(async () => {
    fake = await startFakeRconServer({
      password: 'pw',
      responses: { status: 'hostname: Fake\nplayers : 0 humans', cvarlist: 'x'.repeat(20_000) },
    });
  });
  afterAll(async () => fake.close());

  const target = () => ({ host: '127.0.0.1', port: fake.port, password: 'pw', timeoutMs: 2000 });

  it('authenticates and returns the output of a command', async () => {
    expect(await runRconCommand(target(), 'status')).toBe('hostname: Fake\nplayers : 0 humans');
    expect(fake.commands).toContain('status');
  });

  it('joins a long multi-packet answer in full', async () => {
    expect(await runRconCommand(target(), 'cvarlist')).toHaveLength(20_000);
  });

  it('fails with reason auth on a wrong password', async () => {
    await expect(runRconCommand({ ...target(), password: 'nope' }, 'status')).rejects.toMatchObject({
      reason: 'auth',
    });
  });

  it('times out on a server that accepts and never answers', async () => {
    const hanging = await startFakeRconServer({ mode: 'hang' });
    const started = Date.now();
    const error = await runRconCommand({ ...target(), port: hanging.port, timeoutMs: 300 }, 'status').catch((e) => e);
    expect(error).toBeInstanceOf(RconError);
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1000);
    await hanging.close();
  });

  it('reports a closed port as unreachable', async () => {
    const closed = await startFakeRconServer();
    const port = closed.port;
    await closed.close();
    await expect(runRconCommand({ ...target(), port }, 'status')).rejects.toMatchObject({ reason: 'unreachable' });
  });
});

describe('decodeRconPackets', () => {
  it('keeps a partial packet for later and refuses sizes no server sends', () => {
    const whole = encodeRconPacket({ id: 7, type: 0, body: 'hello' });
    const { packets, rest } = decodeRconPackets(Buffer.concat([whole, whole.subarray(0, 6)]));
    expect(packets).toEqual([{ id: 7, type: 0, body: 'hello' }]);
    expect(rest).toHaveLength(6);
    const huge = Buffer.alloc(8);
    huge.writeInt32LE(10_000_000, 0);
    expect(() => decodeRconPackets(huge)).toThrow(/size/);
    const tiny = Buffer.alloc(8);
    tiny.writeInt32LE(-5, 0);
    expect(() => decodeRconPackets(tiny)).toThrow(/size/);
  });
});
