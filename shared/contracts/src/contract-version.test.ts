import { describe, expect, it } from 'vitest';
import { CONTRACT_VERSION, isContractCompatible, parseVersion } from './contract-version';

describe('contract versions', () => {
  it('accepts the same major with an equal or older minor', () => {
    expect(isContractCompatible('1.0.0', '1.0.0')).toBe(true);
    expect(isContractCompatible('1.0.5', '1.2.0')).toBe(true);
    expect(isContractCompatible(CONTRACT_VERSION)).toBe(true);
  });

  it('refuses another major, a newer minor, or garbage', () => {
    expect(isContractCompatible('2.0.0', '1.0.0')).toBe(false);
    expect(isContractCompatible('1.3.0', '1.2.0')).toBe(false);
    expect(isContractCompatible('one', '1.0.0')).toBe(false);
    expect(parseVersion('1.0')).toBeNull();
  });
});
