import { describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { actorText } from './actor-text';

describe('actorText', () => {
  it('names the real admin first and the account acted as, when impersonating', () => {
    expect(actorText('Member', 'Real Admin', 'Console')).toBe('Real Admin (as Member)');
    expect(actorText(null, 'Real Admin', 'Console')).toBe('Real Admin (as Console)');
  });
  it('is the plain name (or the fallback) otherwise', () => {
    expect(actorText('Member', null, 'Console')).toBe('Member');
    expect(actorText('Member', undefined, 'Console')).toBe('Member');
    expect(actorText(null, null, 'unknown')).toBe('unknown');
    expect(actorText('', '', 'Console')).toBe('Console');
  });
});
