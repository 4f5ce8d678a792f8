import { describe, expect, it } from 'vitest';
import { describeLength } from './bans-service';

describe('describeLength (the log and webhook wording)', () => {
  it.each([
    [null, 'permanently'],
    [86_400, 'for 1 day(s)'],
    [3 * 3600, 'for 3 hour(s)'],
    [90 * 60, 'for 90 minute(s)'],
    // A federated ban: its origin's end, seconds off a whole week.
    [604_795, 'for 7 day(s)'],
    [30, 'for 1 minute(s)'],
  ])('%s seconds read %s', (length, words) => {
    expect(describeLength(length)).toBe(words);
  });
});
