import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeA2sServer } from '../test-support/fakes/fake-a2s-server';
import { A2sClient } from './a2s-client';
import { SplitAssembler } from './a2s-packets';

describe('A2sClient against a fake A2S responder', () => {
  let client: A2sClient;
  beforeAll(async () => {
    client = await A2sClient.open();
  });
  afterAll(() => client.close());

  it('answers info and players through both challenge handshakes', async () => {
    const fake = await startFakeA2sServer({
      map: 'c2m1_highway',
      maxplayers: 4,
      players: [{ name: 'Zoey', score: 3 }],
    });
    const outcome = await client.query('127.0.0.1', fake.port, 1000);
    expect(outcome).toMatchObject({
      kind: 'answered',
      info: { map: 'c2m1_highway', maxplayers: 4, players: 1 },
      players: [{ name: 'Zoey', score: 3, duration: 60 }],
    });
    await fake.close();
  });

  it('reassembles a multi-packet player list sent out of order', async () => {
    const players = Array.from({ length: 40 }, (_, i) => ({ name: `Survivor number ${i}` }));
    const fake = await startFakeA2sServer({ players, maxplayers: 64, splitSize: 100 });
    const outcome = await client.query('127.0.0.1', fake.port, 1000);
    expect(outcome.kind).toBe('answered');
    if (outcome.kind === 'answered') expect(outcome.players?.map((p) => p.name)).toEqual(players.map((p) => p.name));
    await fake.close();
  });

  it('reports silence as silent within the timeout, and garbage as garbage', async () => {
    const silent = await startFakeA2sServer({ mode: 'silent' });
    const started = Date.now();
    expect(await client.query('127.0.0.1', silent.port, 300)).toEqual({ kind: 'silent' });
    expect(Date.now() - started).toBeLessThan(600);
    const garbage = await startFakeA2sServer({ mode: 'garbage' });
    expect(await client.query('127.0.0.1', garbage.port, 300)).toEqual({ kind: 'garbage' });
    await Promise.all([silent.close(), garbage.close()]);
  });

  it('survives hostile packets: truncated info, bogus fragments, floods', async () => {
    const hostile = dgram.createSocket('udp4');
    const answers = [
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0x49, 17, 0x41]), // info cut short
      Buffer.from([0xfe, 0xff, 0xff, 0xff, 1, 0, 0, 0, 250, 7, 0, 0]), // fragment 7 of 250
      Buffer.from([0xfe, 0xff, 0xff, 0xff, 1, 0, 0, 0x80, 2, 0, 0, 0]), // compressed
    ];
    let next = 0;
    hostile.on('message', (_packet, from) => {
      const answer = answers[next++ % answers.length] as Buffer;
      for (let i = 0; i < 50; i++) hostile.send(answer, from.port, from.address);
    });
    await new Promise<void>((resolve) => hostile.bind(0, '127.0.0.1', resolve));
    const port = hostile.address().port;
    for (let i = 0; i < 3; i++) {
      const outcome = await client.query('127.0.0.1', port, 300);
      expect(['garbage', 'silent']).toContain(outcome.kind);
    }
    hostile.close();
    // The client still works for honest servers afterwards.
    const fake = await startFakeA2sServer();
    expect((await client.query('127.0.0.1', fake.port, 1000)).kind).toBe('answered');
    await fake.close();
  });

  it('refuses fragment numbering it cannot trust', () => {
    const assembler = new SplitAssembler();
    const bad = Buffer.from([0xfe, 0xff, 0xff, 0xff, 1, 0, 0, 0, 2, 5, 0, 0]);
    expect(() => assembler.add(bad)).toThrow(/fragment/);
  });
});
