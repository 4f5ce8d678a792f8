import { describe, expect, it } from 'vitest';
import { can } from './can';
import { createSession } from './session';

const holder = (codes: string[], flags = '') => ({ permissions: { codes, flags } });

describe('can (the one permission check)', () => {
  it('refuses when signed out', () => {
    expect(can(null, 'servers.view')).toBe(false);
    expect(can(undefined, 'servers.view')).toBe(false);
  });

  it.each([
    [['servers.*'], 'servers.action.restart', true],
    [['servers.view'], 'servers.view', true],
    [['servers.view'], 'servers.manage', false],
    [['*'], 'panel.view', true],
    [['bans.{create,edit}'], 'bans.edit', true],
    [['bans.{create,edit}'], 'bans.unban', false],
    [[], 'panel.view', false],
  ])('codes %j and %s -> %s', (codes, code, expected) => {
    expect(can(holder(codes), code)).toBe(expected);
  });

  it("lets the superuser flag 'z' pass every code, with or without codes", () => {
    expect(can(holder([], 'z'), 'panel.view')).toBe(true);
    expect(can(holder([], 'abz'), 'users.edit-privileges')).toBe(true);
    expect(can(holder([], 'abc'), 'panel.view')).toBe(false);
  });

  it('never matches a pattern longer than 65,536 characters (the matcher limit)', () => {
    const long = `${'a'.repeat(65_537)}*`;
    expect(can(holder([long]), 'a'.repeat(65_537))).toBe(false);
    expect(can(holder([long, 'panel.view']), 'panel.view')).toBe(true);
  });

  it('is what a Session answers to hasPermission, flag z included', () => {
    const session = createSession({
      user: { name: 'Root', steamid: '76561190000000001', avatarhash: null },
      permissions: { codes: [], flags: 'z', immunityLevel: 99, base: null },
      impersonatingId: null,
    });
    expect(session.hasPermission('panel.view')).toBe(true);
    expect(can(session, 'panel.view')).toBe(true);
  });
});
