import { describe, expect, it } from 'vitest';
import { toStoredStatus } from './stored-status';

describe('toStoredStatus', () => {
  const info = { name: 'n', map: 'c1m1_hotel', folder: 'left4dead2', game: 'L4D2', players: 2, maxplayers: 8, bots: 0 };

  it('maps silence, garbage and answers to the four states', () => {
    expect(toStoredStatus('l4d2', { kind: 'silent' })).toEqual({ online: false, data: null });
    expect(toStoredStatus('l4d2', { kind: 'garbage' })).toEqual({ online: true, data: null });
    expect(toStoredStatus('tf2', { kind: 'answered', info, players: null })).toEqual({
      online: true,
      data: { players: [], maxplayers: 8, map: 'c1m1_hotel', playerCount: 2 },
    });
  });

  it('cuts what a hostile server sends down to what a real one could', () => {
    const players = Array.from({ length: 255 }, () => ({ name: 'x'.repeat(256), score: 0, duration: 0 }));
    const status = toStoredStatus('cs2', { kind: 'answered', info: { ...info, map: 'm'.repeat(1000) }, players });
    expect(status.data?.players).toHaveLength(128);
    expect(status.data?.players[0]?.name).toHaveLength(64);
    expect(status.data?.map).toHaveLength(64);
  });
});
