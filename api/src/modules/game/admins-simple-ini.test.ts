import { gameIdentityRefusal } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { adminsSimpleIni, commentText, gameAdmins, smcQuoted } from './game-admins';

// Issue 31 item 7: identities are validated by kind, and every generated line of
// admins_simple.ini is printable ASCII or escaped, whatever reads it.
const SEPARATORS: Array<[string, string]> = [
  ['LF', '\n'],
  ['CR', '\r'],
  ['tab', '\t'],
  ['VT', '\u000b'],
  ['FF', '\u000c'],
  ['NUL', '\u0000'],
  ['FS', '\u001c'],
  ['GS', '\u001d'],
  ['RS', '\u001e'],
  ['DEL', '\u007f'],
  ['NEL', '\u0085'],
  ['C1 CSI', '\u009b'],
  ['LINE SEPARATOR', '\u2028'],
  ['PARAGRAPH SEPARATOR', '\u2029'],
  ['RIGHT-TO-LEFT OVERRIDE', '\u202e'],
  ['NO-BREAK SPACE', '\u00a0'],
  ['BOM', '\ufeff'],
];
const QUOTES: Array<[string, string]> = [
  ['double quote', '"'],
  ['backslash', '\\'],
  ['left double quotation mark', '\u201c'],
  ['fullwidth quotation mark', '\uff02'],
];
const GENERATED_LINE = /^("(?:[^"\\]|\\["\\])*" "\d+:[a-z]*" \/\/ [^"\\]*|\/\/ [^"\\]*)$/;

function assertEveryLineSafe(ini: string): void {
  const lines = ini.split('\n');
  expect(lines.pop()).toBe('');
  for (const line of lines) {
    expect([line, /^[\x20-\x7e]*$/.test(line)]).toEqual([line, true]);
    expect(line).toMatch(GENERATED_LINE);
  }
}

describe('the writer', () => {
  it.each([...SEPARATORS, ['emoji', '\u{1f600}'], ['accent', 'é']])('smcQuoted refuses %s', (_name, ch) => {
    expect(() => smcQuoted(`Bob${ch}"STEAM_1:1:12345" "99:z"`)).toThrow();
  });
  it.each([...SEPARATORS, ...QUOTES])('commentText escapes %s', (_name, ch) => {
    const text = commentText(`Bob${ch}"STEAM_1:1:12345" "99:z"`);
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    expect(text).not.toMatch(/["\\]/);
    expect(text).toContain(`<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`);
  });
});

describe('gameIdentityRefusal', () => {
  it.each<['steam' | 'ip' | 'name', string]>([
    ['steam', 'STEAM_0:1:12345'],
    ['steam', 'STEAM_1:1:12345'],
    ['steam', '[U:1:24691]'],
    ['steam', '76561197960290419'],
    ['ip', '203.0.113.9'],
    ['ip', '2001:db8::1'],
    ['ip', '::ffff:203.0.113.9'],
    ['name', 'Bob'],
    ['name', 'Bob" "99:z" //'],
  ])('accepts %s %j', (kind, identity) => {
    expect(gameIdentityRefusal(kind, identity)).toBeNull();
  });
  it.each<['steam' | 'ip' | 'name', string]>([
    ['steam', 'Bob'],
    ['steam', 'STEAM_1:1:12345\n"STEAM_1:1:1" "99:z"'],
    ['ip', 'localhost'],
    ['ip', '999.1.1.1'],
    ['ip', '1.2.3'],
    ['ip', '203.0.113.0/24'],
    ['ip', '203.0.113.9\u2028'],
    ['ip', 'fe80::1%eth0'],
    ['name', ''],
    ['name', ' Bob'],
    ['name', 'Zoë'],
    ['name', 'x'.repeat(33)],
    ...SEPARATORS.map(([, ch]): ['name', string] => ['name', `Bob${ch}"STEAM_1:1:12345" "99:z"`]),
  ])('refuses %s %j', (kind, identity) => {
    expect(gameIdentityRefusal(kind, identity)).toEqual(expect.any(String));
  });
});

describe.each(testDatabases())('admins_simple.ini on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, {
      codes: ['users.*'],
      flags: 'z',
      immunity: 99,
      name: 'Owner\u2028"STEAM_1:1:9" "99:z"',
    });
  });
  afterAll(async () => t?.close());
  const putIdentities = (admins: object[]) =>
    t.app.inject({ method: 'PUT', url: '/api/game-admin-identities', headers: owner.headers, payload: { admins } });
  const entry = (authType: string, identity: string, name = 'Someone') => ({
    authType,
    identity,
    name,
    flags: 'b',
    immunity: 1,
    roleIds: [],
  });

  it('refuses a separator in any kind of identity or in the name (400, nothing stored)', async () => {
    expect((await putIdentities([entry('name', 'Kept')])).statusCode).toBe(200);
    const before = adminsSimpleIni(await gameAdmins(t.database.db));
    for (const [what, ch] of SEPARATORS) {
      const attempts = [
        entry('name', `Bob${ch}"STEAM_1:1:12345" "99:z"`),
        entry('ip', `203.0.113.9${ch}`),
        entry('steam', `STEAM_1:1:12345${ch}`),
        entry('steam', `${ch}76561197960290419`),
      ];
      // A display name only ever reaches a comment (escaped there): refused for line breaks.
      if (hasLineBreakOrControl(ch)) attempts.push(entry('name', 'Bob', `Bob${ch}"STEAM_1:1:12345" "99:z"`));
      for (const bad of attempts) {
        const response = await putIdentities([entry('name', 'Kept'), bad]);
        expect([what, bad, response.statusCode]).toEqual([what, bad, 400]);
        expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
      }
    }
    expect(adminsSimpleIni(await gameAdmins(t.database.db))).toBe(before);
  });

  it('writes only printable ASCII lines, whatever the names and stored rows hold', async () => {
    const names = [...SEPARATORS, ...QUOTES].filter(([, ch]) => !hasLineBreakOrControl(ch));
    const admins = names.map(([what, ch], i) => entry('name', `Admin${i}`, `${what} ${ch}"x" \\ Zoë`));
    expect((await putIdentities(admins)).statusCode).toBe(200);
    // A row written before this rule (or by hand) with a separator in its identity.
    await t.database.db
      .insertInto('game_admin_identities')
      .values({
        auth_type: 'name',
        identity: 'Old\u2028"STEAM_1:1:7" "99:z"',
        name: 'Old',
        flags: 'z',
        immunity: 99,
        role_ids: '[]',
      })
      .execute();
    const ini = adminsSimpleIni(await gameAdmins(t.database.db));
    assertEveryLineSafe(ini);
    expect(ini).not.toContain('"STEAM_1:1:7"');
    expect(ini).not.toContain('"STEAM_1:1:9"');
    const served = await t.app.inject({ method: 'GET', url: '/api/game-admin-identities', headers: owner.headers });
    expect(served.statusCode).toBe(200);
  });
});

function hasLineBreakOrControl(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}
