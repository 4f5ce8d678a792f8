import { expect, it } from 'vitest';
import '../test-support/catalogs';
import { formatPlayTime } from './play-time';

it('writes seconds played in whole hours and minutes, as the locale writes units', () => {
  expect(formatPlayTime(12_000)).toBe('3 hr 20 min');
  expect(formatPlayTime(2_700)).toBe('45 min');
  expect(formatPlayTime(59)).toBe('0 min');
  expect(formatPlayTime(-5)).toBe('0 min');
  expect(formatPlayTime(7_200)).toBe('2 hr 0 min');
  expect(formatPlayTime(3_600_000)).toBe('1,000 hr 0 min');
});
