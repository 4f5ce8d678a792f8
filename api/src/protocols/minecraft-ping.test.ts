import { describe, expect, it } from 'vitest';
import { startFakeMinecraftServer } from '../test-support/fakes/fake-minecraft-server';
import { parseStatusResponse, pingMinecraft } from './minecraft-ping';

describe('pingMinecraft against a fake Server List Ping responder', () => {
  it('reads players online, max and the sample', async () => {
    const fake = await startFakeMinecraftServer({ online: 2, max: 20, sample: ['Steve', 'Alex'] });
    expect(await pingMinecraft('127.0.0.1', fake.port, 1000)).toMatchObject({
      kind: 'answered',
      status: { online: 2, max: 20, sample: [{ name: 'Steve' }, { name: 'Alex' }], version: '1.21.1' },
    });
    await fake.close();
  });

  it('tells silence (connected, no answer) and garbage apart from a closed port', async () => {
    const silent = await startFakeMinecraftServer({ mode: 'silent' });
    expect(await pingMinecraft('127.0.0.1', silent.port, 300)).toEqual({ kind: 'garbage' });
    const garbage = await startFakeMinecraftServer({ mode: 'garbage' });
    expect(await pingMinecraft('127.0.0.1', garbage.port, 1000)).toEqual({ kind: 'garbage' });
    const closedPort = silent.port;
    await Promise.all([silent.close(), garbage.close()]);
    expect(await pingMinecraft('127.0.0.1', closedPort, 1000)).toEqual({ kind: 'silent' });
  });
});

describe('parseStatusResponse on hostile bytes', () => {
  it('waits for more on a partial answer and refuses absurd lengths and ids', () => {
    expect(parseStatusResponse(Buffer.from([0x05, 0x00]))).toBeNull();
    expect(() => parseStatusResponse(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x07]))).toThrow();
    expect(() => parseStatusResponse(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]))).toThrow(/VarInt/);
    expect(() => parseStatusResponse(Buffer.from([0x02, 0x05, 0x00]))).toThrow(/not a status answer/);
    expect(() => parseStatusResponse(Buffer.from([0x03, 0x00, 0x7f, 0x41]))).toThrow(/bad string/);
  });
});
