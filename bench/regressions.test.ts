import { describe, expect, it } from 'vitest';
import { findRegressions, formatRegressions } from './regressions';
import type { BenchResult } from './run';

const row = (budget: string, value: number | undefined, better?: 'lower' | 'higher'): BenchResult => ({
  budget,
  measured: String(value),
  limit: '-',
  ok: true,
  value,
  better,
});

describe('findRegressions', () => {
  it('names a row more than 20 % worse, in the direction the row says is better', () => {
    const previous = [row('p95 ms', 10, 'lower'), row('ratio', 0.9, 'higher'), row('bytes', 100, 'lower')];
    const current = [row('p95 ms', 12.5, 'lower'), row('ratio', 0.7, 'higher'), row('bytes', 119, 'lower')];
    const found = findRegressions(previous, current);
    expect(found.map((regression) => regression.budget)).toEqual(['p95 ms', 'ratio']);
    expect(found[0]?.worse).toBeCloseTo(0.25);
    expect(found[1]?.worse).toBeCloseTo(0.2222, 3);
  });

  it('ignores rows that got better, rows without a value or direction, and rows new in this run', () => {
    const previous = [row('faster', 10, 'lower'), row('no value', undefined, 'lower'), row('no direction', 1)];
    const current = [
      row('faster', 5, 'lower'),
      row('no value', 100, 'lower'),
      row('no direction', 100),
      row('new row', 1000, 'lower'),
    ];
    expect(findRegressions(previous, current)).toEqual([]);
  });

  it('compares a previous zero on the absolute change', () => {
    expect(findRegressions([row('stall', 0, 'lower')], [row('stall', 0.1, 'lower')])).toEqual([]);
    expect(findRegressions([row('stall', 0, 'lower')], [row('stall', 3, 'lower')])).toHaveLength(1);
  });

  it('says when there is nothing to compare with, nothing worse, or which rows are worse', () => {
    expect(formatRegressions([], null)).toEqual(['(no previous run to compare with)']);
    expect(formatRegressions([], '2026-11-28T10:00:00Z')[0]).toMatch(/^no row more than 20 % worse/);
    const lines = formatRegressions([{ budget: 'p95', previous: 10, current: 15, worse: 0.5 }], 'then');
    expect(lines[1]).toBe('WORSE  p95: 10 -> 15 (50 % worse)');
  });
});
