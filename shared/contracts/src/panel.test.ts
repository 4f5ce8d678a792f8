import { describe, expect, it } from 'vitest';
import { codesMatchedBy, panelRoleInputSchema } from './panel';

describe('codesMatchedBy (the role editor’s live preview)', () => {
  it.each([
    [['bans.*'], ['bans.create', 'bans.edit', 'bans.unban']],
    [['panel.view'], ['panel.view']],
    [['servers.action.restart'], ['servers.action.*']],
    [['{notes,logs}.view*'], ['notes.view-private', 'logs.view', 'logs.view-redacted']],
    [['nothing.here'], []],
    [[''], []],
  ])('%j matches %j', (patterns, codes) => {
    expect(codesMatchedBy(patterns)).toEqual(codes);
  });

  it('ignores a pattern over the length limit', () => {
    expect(codesMatchedBy(['x'.repeat(70_000)])).toEqual([]);
  });

  it('matches every catalogue code for *', () => {
    expect(codesMatchedBy(['*']).length).toBeGreaterThan(20);
  });
});

describe('panelRoleInputSchema', () => {
  it('trims the name and refuses control characters', () => {
    expect(panelRoleInputSchema.parse({ name: ' Mods ', codes: [], flags: 'b', immunityLevel: 1 }).name).toBe('Mods');
    expect(panelRoleInputSchema.safeParse({ name: 'a\nb', codes: [], flags: '', immunityLevel: 0 }).success).toBe(
      false,
    );
  });
});
