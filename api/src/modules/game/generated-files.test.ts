import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { adminsSimpleIni, gameAdmins, smcQuoted } from './game-admins';

// Issue 9 item 7: every value written to admins_simple.ini is validated and quoted the
// way SourceMod reads it; entries removed and overrides lowered fall under the act-on and
// grant-limit rules.
describe('smcQuoted', () => {
  it.each([
    ['plain', '"plain"'],
    ['say "hi"', '"say \\"hi\\""'],
    ['back\\slash', '"back\\\\slash"'],
    ['\\"', '"\\\\\\""'],
  ])('%j -> %j', (value, quoted) => {
    expect(smcQuoted(value)).toBe(quoted);
  });
  it.each(['a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u007fb', '\n"STEAM_1:1:12345" "99:z"'])('refuses %j', (value) => {
    expect(() => smcQuoted(value)).toThrow();
  });
});

describe.each(testDatabases())('game admin files on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let editor: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, { codes: ['users.*'], flags: 'z', immunity: 99 });
    editor = await signInAs(t, { codes: ['users.edit-privileges', 'users.view-admin'], flags: 'b', immunity: 10 });
  });
  afterAll(async () => t?.close());
  const putIdentities = (who: SignedIn, admins: object[]) =>
    t.app.inject({ method: 'PUT', url: '/api/game-admin-identities', headers: who.headers, payload: { admins } });
  const putOverrides = (who: SignedIn, overrides: object[]) =>
    t.app.inject({ method: 'PUT', url: '/api/game-overrides', headers: who.headers, payload: { overrides } });
  const entry = (identity: string, name = identity, extra: object = {}) => ({
    authType: 'name',
    identity,
    name,
    flags: '',
    immunity: 0,
    roleIds: [],
    ...extra,
  });

  it('refuses control characters in identities and names (400, nothing stored)', async () => {
    for (const bad of [
      entry('Bob\nSTEAM_1:1:12345 99:z'),
      entry('Bob\r"STEAM_1:1:12345" "99:z"'),
      entry('Bob\u0000'),
      entry('Bob\t'),
      entry('Bob', 'Bob\n"STEAM_1:1:12345" "99:z"'),
      { ...entry('203.0.113.9'), authType: 'ip', name: 'x\n' },
    ]) {
      const response = await putIdentities(owner, [bad]);
      expect([JSON.stringify(bad), response.statusCode]).toEqual([JSON.stringify(bad), 400]);
    }
    const ini = adminsSimpleIni(await gameAdmins(t.database.db));
    expect(ini).not.toContain('STEAM_1:1:12345');
  });

  it('quotes names with quotes and backslashes so no line can be forged', async () => {
    const sneaky = entry('Bob" "99:z" //', 'Bob', { flags: 'b', immunity: 1 });
    expect((await putIdentities(owner, [sneaky, entry('C:\\Users\\"x"', 'Carl', { flags: 'b' })])).statusCode).toBe(
      200,
    );
    const ini = adminsSimpleIni(await gameAdmins(t.database.db));
    const lines = ini.trim().split('\n').slice(1);
    const ours = lines.filter((line) => line.includes('// Bob') || line.includes('// Carl'));
    expect(ours).toEqual(
      expect.arrayContaining(['"Bob\\" \\"99:z\\" //" "1:b" // Bob', '"C:\\\\Users\\\\\\"x\\"" "0:b" // Carl']),
    );
    expect(lines.some((line) => line.startsWith('"Bob"'))).toBe(false);
  });

  it('a flagless or lower editor cannot remove or change entries beyond them', async () => {
    const ownerEntry = entry('TheOwner', 'Owner', { flags: 'z', immunity: 90 });
    const peerEntry = entry('Peer', 'Peer', { flags: 'b', immunity: 10 });
    const lowEntry = entry('Low', 'Low', { flags: 'b', immunity: 1 });
    expect((await putIdentities(owner, [ownerEntry, peerEntry, lowEntry])).statusCode).toBe(200);
    const cases: Array<[string, object[], number]> = [
      ['drop everything', [], 403],
      ['drop the owner', [peerEntry, lowEntry], 403],
      ['lower the owner', [{ ...ownerEntry, flags: '', immunity: 0 }, peerEntry, lowEntry], 403],
      ['rename the owner', [{ ...ownerEntry, name: 'Gone' }, peerEntry, lowEntry], 403],
      ['drop an equal', [ownerEntry, lowEntry], 403],
      ['drop a lower one', [ownerEntry, peerEntry], 200],
    ];
    for (const [what, admins, expected] of cases) {
      const response = await putIdentities(editor, admins);
      expect([what, response.statusCode, response.body]).toEqual([what, expected, expect.any(String)]);
    }
    const left = (await gameAdmins(t.database.db)).map((admin) => admin.name);
    expect(left).toEqual(expect.arrayContaining(['Owner', 'Peer']));
    expect(left).not.toContain('Low');
  });

  it('overrides: only someone holding the flags can lower or remove them', async () => {
    expect((await putOverrides(owner, [{ type: 'command', name: 'sm_rcon', flags: 'z' }])).statusCode).toBe(200);
    for (const overrides of [
      [],
      [{ type: 'command', name: 'sm_rcon', flags: '' }],
      [{ type: 'command', name: 'sm_rcon', flags: 'b' }],
    ]) {
      const response = await putOverrides(editor, overrides);
      expect([JSON.stringify(overrides), response.statusCode]).toEqual([JSON.stringify(overrides), 403]);
    }
    expect(
      (
        await putOverrides(editor, [
          { type: 'command', name: 'sm_rcon', flags: 'z' },
          { type: 'command', name: 'sm_kick', flags: 'b' },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await putOverrides(owner, [])).statusCode).toBe(200);
  });
});
