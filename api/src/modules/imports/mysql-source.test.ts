import { describe, expect, it } from 'vitest';
import { decodeText } from './mysql-source';

describe('decodeText', () => {
  it('reads UTF-8 bytes as UTF-8 and anything else as latin1', () => {
    expect(decodeText(Buffer.from('Jürgen', 'utf8'))).toBe('Jürgen');
    expect(decodeText(Buffer.from([0x4a, 0xfc, 0x72]))).toBe('Jür');
    expect(decodeText(null)).toBeNull();
  });

  it('drops NUL characters, which PostgreSQL cannot store, from bytes and strings alike', () => {
    expect(decodeText(Buffer.from('name\u0000\u0000', 'utf8'))).toBe('name');
    expect(decodeText(Buffer.from([0x00, 0x4a, 0xfc, 0x00]))).toBe('Jü');
    expect(decodeText('wall\u0000hack')).toBe('wallhack');
  });
});
