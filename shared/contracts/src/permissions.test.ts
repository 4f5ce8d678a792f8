import { describe, expect, it } from 'vitest';
import { MAX_PERMISSION_PATTERN_LENGTH } from './permission-match';
import { hasFlag, hasPermission, idsEqual } from './permissions';

describe('hasPermission (SPEC 5: glob patterns)', () => {
  it('matches exact codes and globs across dotted segments', () => {
    expect(hasPermission(['bans.create'], 'bans.create')).toBe(true);
    expect(hasPermission(['bans.*'], 'bans.create')).toBe(true);
    expect(hasPermission(['servers.*'], 'servers.action.restart')).toBe(true);
    expect(hasPermission(['*'], 'panel.view')).toBe(true);
    expect(hasPermission(['servers.action.{start,stop}'], 'servers.action.stop')).toBe(true);
  });

  it('does not match other codes', () => {
    expect(hasPermission(['bans.*'], 'notes.create')).toBe(false);
    expect(hasPermission([], 'panel.view')).toBe(false);
    expect(hasPermission(['bans.create'], 'bans.create.extra')).toBe(false);
  });

  it('rejects patterns over 65536 characters', () => {
    const huge = `${'a'.repeat(MAX_PERMISSION_PATTERN_LENGTH)}*`;
    expect(hasPermission([huge], 'a')).toBe(false);
    expect(hasPermission([huge, 'panel.view'], 'panel.view')).toBe(true);
  });
});

describe('hasFlag (SPEC 5)', () => {
  it("passes with 'z' unless strict, or with the flag itself", () => {
    expect(hasFlag('z', 'd')).toBe(true);
    expect(hasFlag('z', 'd', true)).toBe(false);
    expect(hasFlag('bd', 'd', true)).toBe(true);
    expect(hasFlag('', 'a')).toBe(false);
  });
});

describe('idsEqual (SPEC 5)', () => {
  it('compares only the text beyond the first 10 characters', () => {
    expect(idsEqual('76561198000000001', 'XXXXXXXXXX0000001')).toBe(true);
    expect(idsEqual('76561198000000001', '76561198000000002')).toBe(false);
    expect(idsEqual('short', 'other')).toBe(true);
  });
});
