import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJsonColumn } from '../../db/json-column';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { mayActOn } from './act-on';

const standing = (userId: string, immunityLevel: number) => ({
  userId,
  permissions: { codes: [], flags: '', immunityLevel },
});

describe('mayActOn (the pure rule)', () => {
  it.each([
    [50, 10, true],
    [50, 49, true],
    [50, 50, false],
    [50, 60, false],
    [0, 0, false],
    [1, 0, true],
  ])('actor %i on target %i: %s', (actor, target, expected) => {
    expect(mayActOn(standing('a', actor), standing('b', target))).toBe(expected);
  });
  it('lets an account act on itself (not another account)', () => {
    expect(mayActOn(standing('a', 0), standing('a', 0))).toBe(true);
  });
});

// Issue 9 items 3 and 6: every action on another account goes through the one rule,
// with effective immunity (own and roles) on both sides, strictly lower.
describe.each(testDatabases())('act-on and impersonation limits on $name', (kind) => {
  let t: TestApp;
  let editor: SignedIn;
  let editorId: string;
  const role = async (id: string, immunity: number, flags = '', codes: string[] = []) =>
    t.database.db
      .insertInto('roles')
      .values({ id, name: id, flags, immunity, permission_codes: toJsonColumn(codes), created_at: 1 })
      .execute();
  const give = (userId: string, roleId: string) =>
    t.database.db.insertInto('user_roles').values({ user_id: userId, role_id: roleId }).execute();
  const user = (options: Parameters<typeof signInAs>[1]) => signInAs(t, options);

  beforeAll(async () => {
    t = await startTestApp(kind);
    editor = await user({
      name: 'Editor',
      codes: ['users.edit-privileges', 'users.view-admin', 'users.impersonate', 'bans.*', 'notes.*', 'players.view'],
      flags: 'bd',
      immunity: 50,
    });
    editorId = editor.userId;
    await role('r-60', 60);
    await role('r-50', 50);
    await role('r-30', 30);
  });
  afterAll(async () => t?.close());

  const putPrivileges = (target: string, headers = editor.headers) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${target}/privileges`,
      headers,
      payload: { roleIds: [], flags: 'b', immunityLevel: 5, codes: ['players.view'] },
    });

  it('privilege edits: effective immunity counts, equals are refused, lower is allowed', async () => {
    const shapes: Array<[string, Parameters<typeof signInAs>[1], string | null, number]> = [
      ['own immunity higher', { immunity: 60 }, null, 403],
      ['own immunity equal', { immunity: 50 }, null, 403],
      ['own low, a role higher', { immunity: 10 }, 'r-60', 403],
      ['own low, a role equal', { immunity: 0 }, 'r-50', 403],
      ['own and roles lower', { immunity: 10 }, 'r-30', 200],
      ['plain member', {}, null, 200],
    ];
    for (const [what, options, roleId, expected] of shapes) {
      const target = await user(options);
      if (roleId) await give(target.userId, roleId);
      const response = await putPrivileges(target.userId);
      expect([what, response.statusCode]).toEqual([what, expected]);
      if (expected === 403) expect(response.json().error).toBe('TARGET_IMMUNE');
    }
  });

  it('impersonation: only someone whose immunity, flags and patterns are within the admin’s own', async () => {
    const impersonate = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/admins/impersonate/${id}`, headers: editor.headers });
    const shapes: Array<[string, Parameters<typeof signInAs>[1], string | null, number, string | null]> = [
      ['holds z with low immunity', { flags: 'z', immunity: 1 }, null, 403, 'TARGET_HOLDS_MORE'],
      ['holds a flag the admin lacks', { flags: 'm' }, null, 403, 'TARGET_HOLDS_MORE'],
      ['holds a pattern beyond', { codes: ['servers.action.*'] }, null, 403, 'TARGET_HOLDS_MORE'],
      ['a role gives more', {}, 'r-extra', 403, 'TARGET_HOLDS_MORE'],
      ['equal immunity through a role', {}, 'r-50', 403, 'TARGET_IMMUNE'],
      ['within', { codes: ['bans.create', 'users.edit-privileges'], flags: 'b', immunity: 10 }, null, 200, null],
    ];
    await role('r-extra', 0, '', ['logs.view']);
    for (const [what, options, roleId, expected, code] of shapes) {
      const target = await user(options);
      if (roleId) await give(target.userId, roleId);
      const response = await impersonate(target.userId);
      expect([what, response.statusCode, response.json().error ?? null]).toEqual([what, expected, code]);
    }
    // While impersonating: no privilege edits and no role changes (borrowed rights).
    const victim = await user({});
    const edit = await putPrivileges(victim.userId);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toBe('IMPERSONATING');
    await t.app.inject({ method: 'POST', url: '/api/admins/impersonate', headers: editor.headers });
    expect((await putPrivileges(victim.userId)).statusCode).toBe(200);
  });

  it('bans and notes on staff: refused unless strictly lower; plain members are fair game', async () => {
    const steamid = (n: number) => `765611980000${String(n).padStart(5, '0')}`;
    const ban = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/bans',
        headers: editor.headers,
        payload: { steamid: id, reason: 'Testing the rule', length: 60 },
      });
    const note = (id: string) =>
      t.app.inject({ method: 'POST', url: '/api/notes', headers: editor.headers, payload: { steamid: id, body: 'x' } });
    const shapes: Array<[string, Parameters<typeof signInAs>[1], string | null, number]> = [
      ['staff above', { steamid: steamid(1), immunity: 70, flags: 'b' }, null, 403],
      ['staff equal', { steamid: steamid(2), immunity: 50, codes: ['bans.create'] }, null, 403],
      ['staff equal through a role', { steamid: steamid(3) }, 'r-50', 403],
      ['staff below', { steamid: steamid(4), immunity: 10, flags: 'b' }, null, 201],
      ['plain member', { steamid: steamid(5) }, null, 201],
    ];
    for (const [what, options, roleId, expected] of shapes) {
      const target = await user(options);
      if (roleId) await give(target.userId, roleId);
      const id = options?.steamid as string;
      expect([what, 'ban', (await ban(id)).statusCode]).toEqual([what, 'ban', expected]);
      expect([what, 'note', (await note(id)).statusCode]).toEqual([what, 'note', expected]);
    }
    // A player with no account is not staff.
    expect((await ban(steamid(9))).statusCode).toBe(201);
    expect(editorId).toBeTruthy();
  });
});
