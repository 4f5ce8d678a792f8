import { describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { formatDuration } from './ban-length';

describe('formatDuration', () => {
  it.each([
    [null, 'Permanent'],
    [0, 'Permanent'],
    [3600, '1 hour'],
    [3 * 86400, '3 days'],
    [604800, '1 week'],
    [45 * 60, '45 minutes'],
    [90 * 60, '1 hour 30 minutes'],
    // A federation ban: its origin's end, a few seconds or minutes off a whole unit.
    [604_795, '1 week'],
    [604_800 - 180, '6 days 23 hours'],
    [86_400 + 5 * 60, '1 day 5 minutes'],
  ])('%s seconds read as %s', (seconds, words) => {
    expect(formatDuration(seconds)).toBe(words);
  });
});
