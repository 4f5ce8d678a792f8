import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount } from './format-bytes';

describe('formatBytes (SPEC 9)', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KiB'],
    [1536, '1.5 KiB'],
    [1024 * 1024 * 5.25, '5.3 MiB'],
    [1024 ** 3, '1.0 GiB'],
    [-2048, '-2.0 KiB'],
  ])('base 1024: %d is %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it.each([
    [999, '999 B'],
    [1000, '1.0 kB'],
    [1500, '1.5 kB'],
    [2_500_000, '2.5 MB'],
    [7_100_000_000, '7.1 GB'],
  ])('base 1000: %d is %s', (bytes, expected) => {
    expect(formatBytes(bytes, { binary: false })).toBe(expected);
  });

  it('takes the number of decimals', () => {
    expect(formatBytes(1536, { decimals: 2 })).toBe('1.50 KiB');
    expect(formatBytes(1536, { decimals: 0 })).toBe('2 KiB');
  });

  it('does not pretend to know the size of something that is not a number', () => {
    expect(formatBytes(Number.NaN)).toBe('-');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('-');
  });
});

describe('formatCount', () => {
  it('groups thousands the same way for every viewer', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(12345)).toBe('12,345');
  });
});
