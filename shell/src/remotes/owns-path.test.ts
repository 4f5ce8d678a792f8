import { describe, expect, it } from 'vitest';
import { ownsPath } from './owns-path';

describe('ownsPath', () => {
  it('matches a prefix and paths below it, but not look-alikes', () => {
    expect(ownsPath(['/docs'], '/docs')).toBe(true);
    expect(ownsPath(['/docs'], '/docs/rules')).toBe(true);
    expect(ownsPath(['/docs'], '/docsx')).toBe(false);
  });

  it("treats '/' as the root page only", () => {
    expect(ownsPath(['/'], '/')).toBe(true);
    expect(ownsPath(['/'], '/anything')).toBe(false);
    expect(ownsPath(undefined, '/')).toBe(false);
  });
});
